import { type CSSProperties, useState } from 'react';
import styles from './avatar.module.css';

const palette = ['#1a56db', '#0f8a4f', '#b54708', '#7a3ed8', '#c11574', '#0e7490', '#4d5761'];

function colourFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return palette[hash % palette.length] ?? palette[0]!;
}

type AvatarProps = {
  src: string | null;
  /** Used for the initial shown when there is no image, never as alt text (the name is shown beside it). */
  name: string;
  size?: number;
  shape?: 'circle' | 'square';
};

/** A profile image, or the first letter of the name on a colour when there is none. */
export function Avatar({ src, name, size = 32, shape = 'circle' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = src !== null && src !== '' && failedSrc !== src;
  const initial = Array.from(name.trim())[0]?.toUpperCase() ?? '?';
  const style = {
    width: size,
    height: size,
    fontSize: Math.round(size * 0.42),
    '--avatar-bg': showImage ? undefined : colourFor(name),
  } as CSSProperties;

  return (
    <span className={`${styles.avatar} ${shape === 'square' ? styles.square : ''}`} style={style} aria-hidden="true">
      {showImage ? (
        <img className={styles.image} src={src} alt="" loading="lazy" onError={() => setFailedSrc(src)} />
      ) : (
        initial
      )}
    </span>
  );
}
