import { useEffect, useRef, useState } from 'react';
import { serverUrl } from '../../../lib/runtime-config';
import { Button } from '../../../components/ui/button';
import { useLiveT } from '../messages';
import styles from '../../../components/media/hls-player.module.css';

type PlayerState = 'loading' | 'playing' | 'unsupported' | 'error';

/**
 * The private low-latency preview: HTTP-FLV from the same origin (the session
 * cookie is the access check) through mpegts.js, which loads only here.
 * Decision 016: no stash buffer and latency chasing keep it near real time.
 */
export function PreviewPlayer({ url }: { url: string }) {
  const tl = useLiveT();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<PlayerState>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setState('loading');
    import('mpegts.js').then(
      ({ default: mpegts }) => {
        if (cancelled) return;
        if (!mpegts.getFeatureList().mseLivePlayback) {
          setState('unsupported');
          return;
        }
        const player = mpegts.createPlayer(
          { type: 'flv', isLive: true, hasAudio: true, hasVideo: true, url: new URL(serverUrl(url), window.location.href).href },
          {
            enableStashBuffer: false,
            // Issue 24: the preview chases the live edge (decision 062). More than 0.35 s behind, it plays
            // faster until 0.2 s behind; more than 0.6 s behind (a stall, a tab come back), it jumps to 0.2 s.
            liveSync: true,
            liveSyncMaxLatency: 0.35,
            liveSyncTargetLatency: 0.2,
            liveSyncPlaybackRate: 1.2,
            liveBufferLatencyChasing: true,
            liveBufferLatencyMaxLatency: 0.6,
            liveBufferLatencyMinRemain: 0.2,
            lazyLoad: false,
          },
        );
        player.on(mpegts.Events.ERROR, () => setState('error'));
        player.attachMediaElement(element);
        player.load();
        element.addEventListener('playing', () => setState('playing'), { once: true });
        void Promise.resolve(player.play()).catch(() => undefined);
        destroy = () => {
          player.pause();
          player.unload();
          player.detachMediaElement();
          player.destroy();
        };
      },
      () => !cancelled && setState('error'),
    );
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [url, attempt]);

  return (
    <div className={styles.playerBox}>
      {/* Muted, so the browser lets it start by itself; the creator can unmute with the controls. */}
      <video ref={video} className={styles.video} data-testid="live-preview" data-state={state} muted autoPlay playsInline controls />
      {state === 'unsupported' || state === 'error' ? (
        <div className={styles.playerOverlay} role="alert">
          <p>{tl(state === 'unsupported' ? 'preview.unsupported' : 'preview.error')}</p>
          {state === 'error' ? (
            <Button size="small" onClick={() => setAttempt((value) => value + 1)}>
              {tl('preview.retry')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
