import { KST_OFFSET_HOURS } from './constants';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function kstParts(date: Date) {
  const shifted = new Date(date.getTime() + KST_OFFSET_HOURS * HOUR);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A date as the studio prints it, in Korean time: 2026.11.22 */
export function formatKstDate(date: Date): string {
  const { year, month, day } = kstParts(date);
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
