/**
 * Times of the replay trim dialog: written as m:ss (or h:mm:ss, or plain seconds), read back as
 * whole seconds. Anything else is not a time (null).
 */
export function parseClock(text: string): number | null {
  const value = text.trim();
  if (!/^\d{1,5}(:\d{1,2}){0,2}$/.test(value)) return null;
  const parts = value.split(':').map(Number);
  // Minutes and seconds after the first part are below 60.
  if (parts.slice(1).some((part) => part >= 60)) return null;
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** Whole seconds as m:ss, or h:mm:ss from an hour on (fractions are dropped). */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

export type TrimRangeProblem = 'invalidTime' | 'invalidRange' | 'tooShort' | 'unchanged';

/**
 * The range to send, or what is wrong with it (the server checks the same: REPLAY_TRIM_*). An end
 * written as the replay's length (shown without its fraction) means the very end.
 */
export function trimRange(
  startText: string,
  endText: string,
  durationSeconds: number,
  minSeconds: number,
): { startSeconds: number; endSeconds: number } | { problem: TrimRangeProblem } {
  const start = parseClock(startText);
  const written = parseClock(endText);
  if (start === null || written === null) return { problem: 'invalidTime' };
  const end = written === Math.floor(durationSeconds) ? durationSeconds : written;
  if (end <= start || end > durationSeconds) return { problem: 'invalidRange' };
  if (end - start < minSeconds) return { problem: 'tooShort' };
  if (start === 0 && end === durationSeconds) return { problem: 'unchanged' };
  return { startSeconds: start, endSeconds: end };
}
