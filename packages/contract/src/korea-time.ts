import { KST_OFFSET_HOURS } from './constants';

/**
 * The one conversion between instants and the Korean wall clock (spec section 9: UTC+9), for the
 * server and the browser alike, whatever the zone of the process or the browser.
 */

const MINUTE = 60_000;
const OFFSET_MS = KST_OFFSET_HOURS * 60 * MINUTE;

/** Wall-clock parts of an instant in Korea; `month` is 1–12. */
export type KoreanParts = { year: number; month: number; day: number; hour: number; minute: number };

/** The Korean wall clock of an instant. */
export function toKoreanParts(instant: Date): KoreanParts {
  const shifted = new Date(instant.getTime() + OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/** The instant of a Korean wall-clock time (out-of-range parts roll over, as `Date.UTC` does). */
export function fromKoreanParts(parts: KoreanParts): Date {
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) - OFFSET_MS);
}

/**
 * An instant moved so that its UTC fields read the Korean wall clock: for `Intl` formatters told
 * `timeZone: 'UTC'`, which then print Korean time in any locale without a zone database.
 */
export function asKoreanWallClock(instant: Date): Date {
  return new Date(instant.getTime() + OFFSET_MS);
}

/** The Korean calendar day of an instant, 'YYYY-MM-DD'. */
export function koreanDay(instant: Date): string {
  return asKoreanWallClock(instant).toISOString().slice(0, 10);
}

/** A calendar day 'YYYY-MM-DD' moved by `days` (negative goes back). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
