/** Bytes sent at moments, kept for a few seconds: speed and time left follow the recent pace, not the average since the start. */
export type RateSample = { at: number; bytes: number };

export const RATE_WINDOW_MS = 5_000;

export function addSample(samples: RateSample[], sample: RateSample, windowMs = RATE_WINDOW_MS): RateSample[] {
  // A resumed upload starts again below what was counted: the window restarts with it.
  const last = samples.at(-1);
  const kept = last && sample.bytes < last.bytes ? [] : samples.filter((old) => sample.at - old.at <= windowMs);
  return [...kept, sample];
}

/** Bytes per second over the window, or null until there is a second of history to go by. */
export function bytesPerSecond(samples: RateSample[]): number | null {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.at - first.at < 1_000) return null;
  return ((last.bytes - first.bytes) * 1_000) / (last.at - first.at);
}

/** Whole seconds left at the recent pace, or null when it cannot be told (no pace yet, or stalled). */
export function secondsLeft(samples: RateSample[], total: number): number | null {
  const rate = bytesPerSecond(samples);
  const last = samples.at(-1);
  if (!rate || rate <= 0 || !last) return null;
  return Math.ceil((total - last.bytes) / rate);
}
