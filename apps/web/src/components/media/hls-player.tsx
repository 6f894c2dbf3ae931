import { useEffect, useRef, useState } from 'react';
import { serverUrl } from '../../lib/runtime-config';
import styles from './hls-player.module.css';

const RETRY_MS = 2000;
const MAX_RETRIES = 30;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Right after start the remuxer has not written its first playlist yet: wait for it (a minute at most). */
async function playlistReady(source: string, cancelled: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < MAX_RETRIES && !cancelled(); attempt++) {
    const response = await fetch(source, { cache: 'no-store', credentials: 'same-origin' }).catch(() => null);
    if (response?.ok) return;
    await sleep(RETRY_MS);
  }
}

/**
 * Public playback and the replay, on the live page and on channel home alike: HLS through hls.js
 * (which loads only here), or the browser's own HLS where there is no MSE (iOS). `errorText` is the
 * caller's words for a video that cannot be played.
 */
export function HlsPlayer({ url, live, testId, errorText, autoPlay = live }: { url: string; live: boolean; testId: string; errorText: string; autoPlay?: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const source = serverUrl(url);
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setFailed(false);
    Promise.all([import('hls.js'), playlistReady(source, () => cancelled)]).then(
      ([{ default: Hls }]) => {
        if (cancelled) return;
        // hls.js first (Chromium now answers "maybe" for HLS but may not play it); the browser's own HLS where MSE is missing (iOS).
        if (!Hls.isSupported()) {
          if (element.canPlayType('application/vnd.apple.mpegurl')) {
            element.src = source;
            destroy = () => {
              element.removeAttribute('src');
              element.load();
            };
          } else setFailed(true);
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
          if (autoPlay) void element.play().catch(() => undefined);
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
  }, [url, live, autoPlay]);

  return (
    <div className={styles.playerBox}>
      <video ref={video} className={styles.video} data-testid={testId} muted={live} autoPlay={autoPlay} playsInline controls />
      {failed ? (
        <div className={styles.playerOverlay} role="alert">
          <p>{errorText}</p>
        </div>
      ) : null}
    </div>
  );
}
