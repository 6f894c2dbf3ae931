import type { Locale } from '../i18n/i18n';

/** Spec: every time the studio shows is Korean time (UTC+9), whatever the browser's zone. */
export const STUDIO_TIME_ZONE = 'Asia/Seoul';

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

function parts(iso: string, withTime: boolean): Record<string, string> {
  const formatter = cached(`parts:${withTime}`, () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: STUDIO_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    }),
  );
  return Object.fromEntries(formatter.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
}

/** A date in Korean time: `2026.11.22` in Korean (the spec's form), `Nov 22, 2026` in English. */
export function formatDate(iso: string, locale: Locale): string {
  if (locale === 'ko') {
    const { year, month, day } = parts(iso, false);
    return `${year}.${month}.${day}`;
  }
  return cached(`date:${locale}`, () => new Intl.DateTimeFormat(intlLocale[locale], { timeZone: STUDIO_TIME_ZONE, dateStyle: 'medium' })).format(
    new Date(iso),
  );
}

/** A date and time in Korean time: `2026.11.22 14:05` in Korean, `Nov 22, 2026, 2:05 PM` in English. */
export function formatDateTime(iso: string, locale: Locale): string {
  if (locale === 'ko') {
    const { year, month, day, hour, minute } = parts(iso, true);
    return `${year}.${month}.${day} ${hour}:${minute}`;
  }
  return cached(
    `datetime:${locale}`,
    () => new Intl.DateTimeFormat(intlLocale[locale], { timeZone: STUDIO_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }),
  ).format(new Date(iso));
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
