import type { StreamHealthIssue, StreamState } from '@studio/contract/live';

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

/**
 * Issue 24, point 4: the grace window counted down second by second between polls. The end is read
 * against the server's clock (its checkedAt), so a browser clock that is off does not move it.
 */
export function graceSecondsLeft(state: Pick<StreamState, 'graceEndsAt' | 'checkedAt'>, receivedAt: number, now: number): number | null {
  if (!state.graceEndsAt) return null;
  const leftAtCheck = Date.parse(state.graceEndsAt) - Date.parse(state.checkedAt);
  return Math.max(0, Math.ceil((leftAtCheck - (now - receivedAt)) / 1000));
}
