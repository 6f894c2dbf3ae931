import { LOOP_LENGTH_TOLERANCE_SECONDS, LOOP_MAX_FRAME_PIXELS, LOOP_MAX_FRAME_SIDE } from '@studio/contract/constants';
import type { LoopLimits } from '@studio/contract/loop';

export type FileProblem = { key: 'check.tooLarge' | 'check.tooLong' | 'check.notVideo' | 'check.resolutionTooHigh'; params: Record<string, string | number> };

/** What the browser can read of a clip before sending it: its length and its frame size (null where it cannot play it). */
export type ClipMetadata = { durationSeconds: number | null; width: number | null; height: number | null };

const UNKNOWN: ClipMetadata = { durationSeconds: null, width: null, height: null };

/** The clip's length and frame size as the browser reads them, or nulls when the browser cannot play it (the server judges it then). */
export function readMetadata(file: File): Promise<ClipMetadata> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (value: ClipMetadata) => {
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      resolve(value);
    };
    const timer = setTimeout(() => done(UNKNOWN), 5_000);
    video.preload = 'metadata';
    video.onloadedmetadata = () => {
      clearTimeout(timer);
      done({
        durationSeconds: Number.isFinite(video.duration) ? video.duration : null,
        width: video.videoWidth || null,
        height: video.videoHeight || null,
      });
    };
    video.onerror = () => {
      clearTimeout(timer);
      done(UNKNOWN);
    };
    video.src = url;
  });
}

/**
 * What the page can tell before a byte is sent: the size, and the length and frame size where the
 * browser can read them (the contract's limits, the ones the server applies). The server checks all
 * of them again, by the content, after the upload, and the frame rate too (a browser does not say it).
 */
export function checkFile(file: { size: number; type: string }, metadata: ClipMetadata, limits: Pick<LoopLimits, 'maxBytes' | 'maxSeconds'>): FileProblem | null {
  if (file.type && !file.type.startsWith('video/')) return { key: 'check.notVideo', params: {} };
  if (file.size > limits.maxBytes) return { key: 'check.tooLarge', params: { max: Math.floor(limits.maxBytes / (1024 * 1024)) } };
  const { durationSeconds, width, height } = metadata;
  if (durationSeconds !== null && durationSeconds > limits.maxSeconds + LOOP_LENGTH_TOLERANCE_SECONDS) return { key: 'check.tooLong', params: { max: limits.maxSeconds } };
  if (width !== null && height !== null && (width > LOOP_MAX_FRAME_SIDE || height > LOOP_MAX_FRAME_SIDE || width * height > LOOP_MAX_FRAME_PIXELS)) {
    return { key: 'check.resolutionTooHigh', params: { max: LOOP_MAX_FRAME_SIDE } };
  }
  return null;
}
