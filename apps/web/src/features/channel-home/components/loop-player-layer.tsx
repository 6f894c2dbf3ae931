import type { ContentSummary } from '@studio/contract/content';
import { HlsPlayer } from '../../../components/media/hls-player';
import { Dialog, DialogCloseButton, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { useChannelHomeT } from '../messages';
import styles from './channel-contents.module.css';

export type LoopPlayerLayerProps = {
  content: Pick<ContentSummary, 'kind' | 'thumbnailUrl' | 'videoUrl'> & { videoUrl: string };
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The layer a thumbnail opens. A loop is the H.264 fast-start rendition in a plain video element
 * (a file, so no streaming library is needed); a replay (LIVE) is its recording's HLS playlist in
 * the live page's own player. Loaded when a thumbnail is first pressed (docs/decisions/052).
 */
export function LoopPlayerLayer({ content, title, open, onOpenChange }: LoopPlayerLayerProps) {
  const t = useChannelHomeT();
  const replay = content.kind === 'LIVE';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
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
