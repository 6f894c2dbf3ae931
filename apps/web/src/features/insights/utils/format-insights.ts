import type { InsightsT } from '../messages';

/** Seconds as a person reads a length of time: hours and minutes, minutes and seconds, or seconds. */
export function formatSeconds(total: number, t: InsightsT): string {
  const seconds = Math.max(0, Math.round(total));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (hours > 0) return t('duration.hours', { hours: hours.toLocaleString('en-US'), minutes });
  if (minutes > 0) return t('duration.minutes', { minutes, seconds: seconds % 60 });
  return t('duration.seconds', { seconds });
}

/** The change from the previous period, in whole percent with its sign; null when there was nothing before. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 100);
}

/** A share from 0 to 1 as a whole percent. */
export function formatShare(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** 'YYYY-MM-DD' as the short day a chart's axis shows: 11.26 */
export function shortDay(day: string): string {
  return `${Number(day.slice(5, 7))}.${Number(day.slice(8, 10))}`;
}
