import { LIVE_PRESENCE_EVERY_SECONDS, VIEW_HEARTBEAT_MAX_SECONDS } from '@studio/contract/views';

/** Where a content page loads its one script from (same origin: the CSP's `script-src 'self'`). */
export const BEACON_SCRIPT_PATH = '/c/beacon.js';

/** Seconds between two heartbeats while a video plays (well under what one heartbeat may claim). */
const HEARTBEAT_EVERY_SECONDS = 15;

/**
 * The public content page's beacon (issue 23, point 2), plain JavaScript for any browser, no
 * bundle: a random first-party viewer id kept in localStorage (no personal data; a fresh one when
 * storage is refused), a view start when an article or post is opened or when its video first
 * plays, then heartbeats with the seconds actually played (summed from `timeupdate` while playing,
 * capped per heartbeat) and the position. The server counts from these and trusts no total.
 * `keepalive` lets the last heartbeat leave with the page. On a live on air it only says, every
 * LIVE_PRESENCE_EVERY_SECONDS while the page is shown, that its viewer is still there (the live's
 * concurrent viewers).
 */
export const BEACON_SCRIPT = `(() => {
  const article = document.querySelector('[data-view-content]');
  const onAir = document.querySelector('[data-live-presence]');
  if (!article && !onAir) return;
  const randomId = () => {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
    return hex.slice(0, 8) + '-' + hex.slice(8, 12) + '-' + hex.slice(12, 16) + '-' + hex.slice(16, 20) + '-' + hex.slice(20);
  };
  let viewerId;
  try {
    viewerId = localStorage.getItem('studio-viewer');
    if (!/^[0-9a-f-]{36}$/.test(viewerId || '')) {
      viewerId = randomId();
      localStorage.setItem('studio-viewer', viewerId);
    }
  } catch {
    viewerId = randomId();
  }
  if (onAir) {
    // A live on air: while the page is shown, say every few seconds that this viewer is still there.
    const liveId = Number(onAir.getAttribute('data-live-presence'));
    const ping = () =>
      document.hidden ||
      fetch('/api/public/lives/' + liveId + '/presence', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ viewerId }),
        credentials: 'omit',
      }).catch(() => undefined);
    ping();
    setInterval(ping, ${LIVE_PRESENCE_EVERY_SECONDS * 1000});
    document.addEventListener('visibilitychange', ping);
    return;
  }
  const contentId = Number(article.getAttribute('data-view-content'));
  const send = (beacon) =>
    fetch('/api/public/beacons', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ viewerId, beacons: [Object.assign({ contentId }, beacon)] }),
      credentials: 'omit',
      keepalive: true,
    }).catch(() => undefined);
  const video = article.querySelector('video');
  if (!video) {
    send({ kind: 'VIEW_START' });
    return;
  }
  let started = false;
  let played = 0;
  let last = null;
  const position = () => Math.max(0, Math.floor(video.currentTime || 0));
  const heartbeat = () => {
    const seconds = Math.min(${VIEW_HEARTBEAT_MAX_SECONDS}, Math.floor(played));
    if (seconds < 1) return;
    played -= seconds;
    send({ kind: 'HEARTBEAT', seconds, position: position() });
  };
  video.addEventListener('play', () => {
    if (!started) {
      started = true;
      send({ kind: 'VIEW_START', position: position() });
    }
    last = video.currentTime;
  });
  video.addEventListener('timeupdate', () => {
    if (video.paused || last === null) return;
    const step = video.currentTime - last;
    // A seek is no watching: only small forward steps count.
    if (step > 0 && step < 2) played += step;
    last = video.currentTime;
  });
  video.addEventListener('pause', heartbeat);
  setInterval(() => { if (!video.paused) heartbeat(); }, ${HEARTBEAT_EVERY_SECONDS * 1000});
  addEventListener('pagehide', heartbeat);
})();
`;
