import { lazy, Suspense, useState } from 'react';
import type { ContentSummary } from '@studio/contract/content';
import { LiveIcon, LoopIcon } from '../../../components/ui/icons';
import { useChannelHomeT } from '../messages';
import { formatDuration } from '../utils/format-duration';
import styles from './channel-contents.module.css';

const LoopPlayerLayer = lazy(async () => ({ default: (await import('./loop-player-layer')).LoopPlayerLayer }));

/** A loop's or a replay's thumbnail with its length; pressing it plays it in a layer (./loop-player-layer, loaded on the first press). */
export function LoopThumb({ content, title }: { content: Pick<ContentSummary, 'kind' | 'thumbnailUrl' | 'videoUrl' | 'durationSeconds'>; title: string }) {
  const t = useChannelHomeT();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const replay = content.kind === 'LIVE';
  const duration = content.durationSeconds !== null ? formatDuration(content.durationSeconds) : null;
  const picture = (
    <>
      {content.thumbnailUrl ? <img src={content.thumbnailUrl} alt="" loading="lazy" /> : replay ? <LiveIcon size={22} /> : <LoopIcon size={22} />}
      {duration ? (
        <span className={styles.duration} aria-label={t('contents.duration', { duration })}>
          {content.videoUrl ? <span aria-hidden="true">▶ </span> : null}
          {duration}
        </span>
      ) : null}
    </>
  );
  const { videoUrl } = content;
  if (!videoUrl) return <span className={`${styles.thumb} ${styles.thumbLoop}`}>{picture}</span>;
  return (
    <>
      <button
        type="button"
        className={`${styles.thumb} ${styles.thumbLoop} ${styles.thumbButton}`}
        aria-label={t('contents.play', { title })}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        {picture}
      </button>
      {opened ? (
        <Suspense fallback={null}>
          <LoopPlayerLayer content={{ ...content, videoUrl }} title={title} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
