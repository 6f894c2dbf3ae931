import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';

/** The live page's player script (same origin: the CSP's `script-src 'self'`). */
export const LIVE_PLAYER_SCRIPT_PATH = '/c/live-player.js';
/** hls.js (its light build: HLS without subtitles or DRM), fetched only by a browser that cannot play HLS itself. */
export const HLS_LIBRARY_PATH = '/c/hls.light.min.js';

/**
 * A live's or replay's public page plays HLS. Safari and Chrome on Android play the playlist in
 * <video> by themselves; desktop Chrome, Edge and Firefox do not, and before this their viewers saw
 * a player that never started. There the page fetches hls.js (once, cached) and lets it feed the
 * same <video> through Media Source Extensions (the CSP's `media-src blob:`), without a worker, which
 * the CSP has no source for. A browser that says it plays HLS itself but then cannot read the stream
 * (Debian's Chromium 156 answers "maybe" and fails a live's MPEG-TS segments with
 * DEMUXER_ERROR_COULD_NOT_PARSE: e2e/tests/balanced.spec.ts) is handed to hls.js the same way on
 * its first media error. Nothing of it runs before the page has been drawn (`defer`), and a browser
 * with neither HLS nor MSE keeps the link to the playlist the page shows under the player.
 */
export const LIVE_PLAYER_SCRIPT = `(() => {
  const video = document.querySelector('video.live');
  if (!video || !window.MediaSource) return;
  const source = video.getAttribute('src');
  if (!source) return;
  let handed = false;
  const withHls = () => {
    if (handed) return;
    handed = true;
    // The playlist is no source this browser can decode: hls.js gives the element one of its own.
    video.removeAttribute('src');
    video.load();
    const script = document.createElement('script');
    script.src = '${HLS_LIBRARY_PATH}';
    script.onload = () => {
      if (!window.Hls || !window.Hls.isSupported()) {
        video.src = source;
        return;
      }
      const hls = new window.Hls({ enableWorker: false, lowLatencyMode: false });
      hls.loadSource(source);
      hls.attachMedia(video);
    };
    document.head.appendChild(script);
  };
  if (!video.canPlayType('application/vnd.apple.mpegurl')) return withHls();
  // Native HLS first; its failure (now, or before this deferred script ran) hands the player to hls.js.
  if (video.error) return withHls();
  video.addEventListener('error', withHls, { once: true });
})();
`;

/** hls.js's light build as the package ships it, and gzipped once (it is 389 KB, 120 KB gzipped). */
export function hlsLibrary(): { plain: Buffer; gzipped: Buffer } {
  const plain = readFileSync(createRequire(import.meta.url).resolve('hls.js/dist/hls.light.min.js'));
  return { plain, gzipped: gzipSync(plain, { level: 9 }) };
}
