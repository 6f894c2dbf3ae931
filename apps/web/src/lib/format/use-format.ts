import { useMemo } from 'react';
import { type Locale, useLocale } from '../i18n/i18n';
import { formatDate, formatDateTime, formatRelativeTime } from './date-time';
import { legacyTimeLabel } from './legacy-time-string';
import { formatCount, formatViewCount } from './numbers';

export type Formatters = {
  locale: Locale;
  /** An ISO instant, or a `2026.11.22` date from an answer that has no instant yet. */
  date: (value: string) => string;
  dateTime: (iso: string) => string;
  relative: (iso: string) => string;
  count: (value: number) => string;
  viewCount: (value: number) => string;
  /** A list row's time: its instant when the answer has one, else the server's `timeString` in this language. */
  time: (item: { createdAt?: string | null; publishedAt?: string | null; timeString?: string | null }) => string;
};

const legacyDate = /^\d{4}\.\d{2}\.\d{2}$/;

/** Formatters bound to the chosen language; components re-render when it changes. */
export function useFormat(): Formatters {
  const locale = useLocale();
  return useMemo(
    () => ({
      locale,
      date: (value) => (legacyDate.test(value) ? legacyTimeLabel(value, locale) : formatDate(value, locale)),
      dateTime: (iso) => formatDateTime(iso, locale),
      relative: (iso) => formatRelativeTime(iso, locale),
      count: (value) => formatCount(value, locale),
      viewCount: (value) => formatViewCount(value, locale),
      time: (item) => {
        const instant = item.createdAt ?? item.publishedAt;
        if (instant) return formatRelativeTime(instant, locale);
        return item.timeString ? legacyTimeLabel(item.timeString, locale) : '';
      },
    }),
    [locale],
  );
}
