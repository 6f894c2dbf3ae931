import { useMemo } from 'react';
import { type Locale, useLocale } from '../i18n/i18n';
import { formatDate, formatDateTime, formatRelativeTime } from './date-time';
import { formatCount, formatViewCount } from './numbers';

export type Formatters = {
  locale: Locale;
  /** An ISO instant as a date in Korean time. */
  date: (iso: string) => string;
  dateTime: (iso: string) => string;
  relative: (iso: string) => string;
  count: (value: number) => string;
  viewCount: (value: number) => string;
  /** A list row's time: how long ago its instant was. */
  time: (item: { createdAt: string }) => string;
};

/** Formatters bound to the chosen language; components re-render when it changes. */
export function useFormat(): Formatters {
  const locale = useLocale();
  return useMemo(
    () => ({
      locale,
      date: (iso) => formatDate(iso, locale),
      dateTime: (iso) => formatDateTime(iso, locale),
      relative: (iso) => formatRelativeTime(iso, locale),
      count: (value) => formatCount(value, locale),
      viewCount: (value) => formatViewCount(value, locale),
      time: (item) => formatRelativeTime(item.createdAt, locale),
    }),
    [locale],
  );
}
