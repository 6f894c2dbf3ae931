import { type Dispatch, type SetStateAction, useRef, useState } from 'react';
import { type ContentImage, POST_IMAGES_MAX } from '@studio/contract/content';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../lib/toast';
import { useWritingT } from '../messages';
import { move } from '../utils/reorder';
import styles from './post.module.css';

type PostImagesProps = {
  images: ContentImage[];
  onChange: Dispatch<SetStateAction<ContentImage[]>>;
  onUpload: (file: File) => Promise<ContentImage>;
};

/** Up to 10 images: added in order, reordered by dragging or with each image's earlier/later buttons, removed one by one. */
export function PostImages({ images, onChange, onUpload }: PostImagesProps) {
  const t = useWritingT();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [dragging, setDragging] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const room = POST_IMAGES_MAX - images.length - uploading;

  async function add(files: FileList | null) {
    const chosen = [...(files ?? [])];
    if (input.current) input.current.value = '';
    if (chosen.length === 0) return;
    if (chosen.length > room) showToast(t('post.imagesFull', { max: POST_IMAGES_MAX }));
    const accepted = chosen.slice(0, Math.max(0, room));
    setUploading((count) => count + accepted.length);
    // One at a time, so they keep the order they were chosen in.
    for (const file of accepted) {
      try {
        const image = await onUpload(file);
        onChange((current) => [...current, image]);
      } catch {
        showToast(t('image.failed'));
      } finally {
        setUploading((count) => count - 1);
      }
    }
  }

  function reorder(from: number, to: number) {
    if (to < 0 || to >= images.length || from === to) return;
    onChange(move(images, from, to));
    setAnnouncement(t('post.moved', { position: to + 1 }));
  }

  return (
    <div className={styles.images}>
      <div className={styles.imagesHeader}>
        <span className={styles.label} id="post-images-label">
          {t('post.images')} <span className={styles.count}>{t('post.imagesCount', { count: images.length, max: POST_IMAGES_MAX })}</span>
        </span>
        <Button size="small" disabled={room <= 0} onClick={() => input.current?.click()}>
          {t('post.addImages')}
        </Button>
        <input ref={input} type="file" accept="image/*" multiple hidden data-testid="post-image-input" onChange={(event) => void add(event.target.files)} />
      </div>
      {images.length > 1 ? <p className={styles.hint}>{t('post.imagesHint')}</p> : null}
      {images.length > 0 ? (
        <ol className={styles.imageList} aria-labelledby="post-images-label">
          {images.map((image, index) => (
            <li
              key={image.id}
              className={`${styles.imageItem} ${dragging === index ? styles.imageDragging : ''}`}
              draggable
              data-image-id={image.id}
              onDragStart={(event) => {
                setDragging(index);
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', String(index));
              }}
              onDragEnd={() => setDragging(null)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                const from = Number(event.dataTransfer.getData('text/plain'));
                setDragging(null);
                if (Number.isInteger(from)) reorder(from, index);
              }}
            >
              <img src={image.url} alt={t('post.imageAlt', { position: index + 1 })} className={styles.thumb} draggable={false} />
              <span className={styles.position} aria-hidden="true">
                {index + 1}
              </span>
              <div className={styles.imageActions}>
                <button type="button" className={styles.iconButton} disabled={index === 0} aria-label={t('post.moveEarlier', { position: index + 1 })} onClick={() => reorder(index, index - 1)}>
                  ←
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  disabled={index === images.length - 1}
                  aria-label={t('post.moveLater', { position: index + 1 })}
                  onClick={() => reorder(index, index + 1)}
                >
                  →
                </button>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={t('post.removeImage', { position: index + 1 })}
                  onClick={() => onChange(images.filter((other) => other.id !== image.id))}
                >
                  ×
                </button>
              </div>
            </li>
          ))}
        </ol>
      ) : null}
      {uploading > 0 ? (
        <p className={styles.hint} role="status">
          {t('image.uploading')}
        </p>
      ) : null}
      <p className={styles.visuallyHidden} aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
