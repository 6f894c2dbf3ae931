import type { LoopLimits } from '@studio/contract/loop';

export type FileProblem = { key: 'check.tooLarge' | 'check.tooLong' | 'check.notVideo'; params: Record<string, string | number> };

/** The clip's length as the browser reads it, or null when the browser cannot play it (the server judges it then). */
export function readDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (value: number | null) => {
      URL.revokeObjectURL(url);
      video.removeAttribute('src');
      resolve(value);
    };
    const timer = setTimeout(() => done(null), 5_000);
    video.preload = 'metadata';
    video.onloadedmetadata = () => {
      clearTimeout(timer);
      done(Number.isFinite(video.duration) ? video.duration : null);
    };
    video.onerror = () => {
      clearTimeout(timer);
      done(null);
    };
    video.src = url;
  });
}

/**
 * What the page can tell before a byte is sent: the size, and the length where the browser can read
 * it. The server checks both again, by the content, after the upload.
 */
export function checkFile(file: { size: number; type: string }, durationSeconds: number | null, limits: Pick<LoopLimits, 'maxBytes' | 'maxSeconds'>): FileProblem | null {
  if (file.type && !file.type.startsWith('video/')) return { key: 'check.notVideo', params: {} };
  if (file.size > limits.maxBytes) return { key: 'check.tooLarge', params: { max: Math.floor(limits.maxBytes / (1024 * 1024)) } };
  if (durationSeconds !== null && durationSeconds > limits.maxSeconds + 0.5) return { key: 'check.tooLong', params: { max: limits.maxSeconds } };
  return null;
}
