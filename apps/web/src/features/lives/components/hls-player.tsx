import { useEffect, useRef, useState } from 'react';
import { serverUrl } from '../../../lib/runtime-config';
import { useLiveT } from '../messages';
import styles from './live-detail.module.css';

const RETRY_MS = 2000;
const MAX_RETRIES = 30;

/**
 * Public playback and the replay: HLS through hls.js (which loads only here),
 * or the browser's own HLS where it has one (Safari).
 */
export function HlsPlayer({ url, live, testId }: { url: string; live: boolean; testId: string }) {
  const tl = useLiveT();
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const source = serverUrl(url);
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setFailed(false);
    if (element.canPlayType('application/vnd.apple.mpegurl')) {
      element.src = source;
      return () => {
        element.removeAttribute('src');
        element.load();
      };
    }
    import('hls.js').then(
      ({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          setFailed(true);
          return;
        }
        const hls = new Hls({ lowLatencyMode: live, liveSyncDurationCount: 2 });
        let retries = 0;
        let retry: ReturnType<typeof setTimeout> | undefined;
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // Right after start the remuxer has not written its playlist yet (404): ask again for a while.
          if (data.type === Hls.ErrorTypes.NETWORK_ERROR && retries < MAX_RETRIES) {
            retries++;
            retry = setTimeout(() => hls.loadSource(source), RETRY_MS);
            return;
          }
          if (data.type === Hls.ErrorTypes.MEDIA_ERROR && retries < MAX_RETRIES) {
            retries++;
            hls.recoverMediaError();
            return;
          }
          setFailed(true);
        });
        hls.on(Hls.Events.MANIFEST_PARSED, () => {
          if (live) void element.play().catch(() => undefined);
        });
        hls.loadSource(source);
        hls.attachMedia(element);
        destroy = () => {
          clearTimeout(retry);
          hls.destroy();
        };
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [url, live]);

  return (
    <div className={styles.playerBox}>
      <video ref={video} className={styles.video} data-testid={testId} muted={live} autoPlay={live} playsInline controls />
      {failed ? (
        <div className={styles.playerOverlay} role="alert">
          <p>{tl('player.error')}</p>
        </div>
      ) : null}
    </div>
  );
}
