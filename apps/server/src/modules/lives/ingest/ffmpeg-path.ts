import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The ffmpeg the studio runs: FFMPEG_PATH, else the system's (Debian's), else the
 * build shipped by @ffmpeg-installer/ffmpeg, so `npm install && npm start` needs
 * nothing else (scripts/ensure-media-tools.mjs installs the system's when it may).
 */
export function resolveFfmpegPath(configured: string | undefined): string {
  if (configured) return configured;
  if (existsSync('/usr/bin/ffmpeg')) return '/usr/bin/ffmpeg';
  try {
    const shipped = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    if (existsSync(shipped)) return shipped;
  } catch {
    // Not installed for this platform: fall through to PATH.
  }
  return 'ffmpeg';
}
