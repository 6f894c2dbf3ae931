import { useState } from 'react';
import type { ContentSummary } from '@studio/contract/content';
import { Dialog, DialogCloseButton, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { HlsPlayer } from '../../../components/media/hls-player';
import { LiveIcon, LoopIcon } from '../../../components/ui/icons';
import { useChannelHomeT } from '../messages';
import { formatDuration } from '../utils/format-duration';
import styles from './channel-contents.module.css';

/**
 * A loop's or a replay's thumbnail with its length; pressing it plays it. A loop is the H.264
 * fast-start rendition in a plain video element (a file, so no streaming library is needed); a
 * replay (LIVE) is its recording's HLS playlist in the live page's own player.
 */
export function LoopThumb({ content, title }: { content: Pick<ContentSummary, 'kind' | 'thumbnailUrl' | 'videoUrl' | 'durationSeconds'>; title: string }) {
  const t = useChannelHomeT();
  const [open, setOpen] = useState(false);
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
  if (!content.videoUrl) return <span className={`${styles.thumb} ${styles.thumbLoop}`}>{picture}</span>;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <button type="button" className={`${styles.thumb} ${styles.thumbLoop} ${styles.thumbButton}`} aria-label={t('contents.play', { title })} onClick={() => setOpen(true)}>
        {picture}
      </button>
      <DialogContent variant="panel" className={replay ? styles.replayLayer : styles.playerLayer} aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogCloseButton label={t('contents.closePlayer')} />
        </DialogHeader>
        {replay ? (
          <HlsPlayer url={content.videoUrl} live={false} autoPlay testId="replay-player" errorText={t('contents.playFailed')} />
        ) : (
          <video className={styles.player} src={content.videoUrl} poster={content.thumbnailUrl ?? undefined} controls autoPlay playsInline aria-label={title} />
        )}
      </DialogContent>
    </Dialog>
  );
}
