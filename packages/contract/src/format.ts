import { toKoreanParts } from './korea-time';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (value: number) => String(value).padStart(2, '0');

/** A date as the studio prints it, in Korean time: 2026.11.22 */
export function formatKstDate(date: Date): string {
  const { year, month, day } = toKoreanParts(date);
  return `${year}.${pad(month)}.${pad(day)}`;
}

/** The relative time of notifications: 방금 전, N분 전, N시간 전, N일 전, then the date. */
export function formatTimeString(date: Date, now: Date): string {
  const elapsed = now.getTime() - date.getTime();
  if (elapsed < MINUTE) return '방금 전';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}분 전`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}시간 전`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}일 전`;
  return formatKstDate(date);
}
