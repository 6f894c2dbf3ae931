import type { StreamHealthIssue } from '@studio/contract/live';

/** Uptime as a clock reads it: `m:ss` under an hour, `h:mm:ss` from then on. */
export function formatUptime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** A health issue's numbers, rounded for reading (one decimal at most). */
export function healthParams(issue: StreamHealthIssue): Record<string, number> {
  return Object.fromEntries(Object.entries(issue.params).map(([key, value]) => [key, Math.round(value * 10) / 10]));
}
