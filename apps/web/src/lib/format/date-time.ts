import { asKoreanWallClock, toKoreanParts } from '@studio/contract/korea-time';
import type { Locale } from '../i18n/i18n';

// Spec: every time the studio shows is Korean time (UTC+9), whatever the browser's zone. The
// contract's korea-time module converts; Intl only prints, told the instant is already wall clock.
const WALL_CLOCK_ZONE = 'UTC';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const intlLocale: Record<Locale, string> = { ko: 'ko-KR', en: 'en-US' };
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

const pad = (value: number) => String(value).padStart(2, '0');

function parts(iso: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute', string> {
  const { year, month, day, hour, minute } = toKoreanParts(new Date(iso));
  return { year: String(year), month: pad(month), day: pad(day), hour: pad(hour), minute: pad(minute) };
}

/** A date in Korean time: `2026.11.22` in Korean (the spec's form), `Nov 22, 2026` in English. */
export function formatDate(iso: string, locale: Locale): string {
  if (locale === 'ko') {
    const { year, month, day } = parts(iso);
    return `${year}.${month}.${day}`;
  }
  return cached(`date:${locale}`, () => new Intl.DateTimeFormat(intlLocale[locale], { timeZone: WALL_CLOCK_ZONE, dateStyle: 'medium' })).format(
    asKoreanWallClock(new Date(iso)),
  );
}

/** A date and time in Korean time: `2026.11.22 14:05` in Korean, `Nov 22, 2026, 2:05 PM` in English. */
export function formatDateTime(iso: string, locale: Locale): string {
  if (locale === 'ko') {
    const { year, month, day, hour, minute } = parts(iso);
    return `${year}.${month}.${day} ${hour}:${minute}`;
  }
  return cached(
    `datetime:${locale}`,
    () => new Intl.DateTimeFormat(intlLocale[locale], { timeZone: WALL_CLOCK_ZONE, dateStyle: 'medium', timeStyle: 'short' }),
  ).format(asKoreanWallClock(new Date(iso)));
}

const justNow: Record<Locale, string> = { ko: '방금 전', en: 'just now' };

/**
 * How long ago, by the spec's steps: under a minute "just now", then minutes,
 * hours and days (`5분 전`, `5 minutes ago`), and from a week on the date.
 */
export function formatRelativeTime(iso: string, locale: Locale, now: Date = new Date()): string {
  const elapsed = now.getTime() - new Date(iso).getTime();
  if (elapsed < MINUTE) return justNow[locale];
  if (elapsed >= 7 * DAY) return formatDate(iso, locale);
  const formatter = cached(`relative:${locale}`, () => new Intl.RelativeTimeFormat(intlLocale[locale], { numeric: 'always' }));
  if (elapsed < HOUR) return formatter.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return formatter.format(-Math.floor(elapsed / HOUR), 'hour');
  return formatter.format(-Math.floor(elapsed / DAY), 'day');
}

/** The time of day in Korean time: `14:05` in Korean, `2:05 PM` in English. */
export function formatClockTime(iso: string, locale: Locale): string {
  if (locale === 'ko') {
    const { hour, minute } = parts(iso);
    return `${hour}:${minute}`;
  }
  return cached(`clock:${locale}`, () => new Intl.DateTimeFormat(intlLocale[locale], { timeZone: WALL_CLOCK_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h12' })).format(
    asKoreanWallClock(new Date(iso)),
  );
}
