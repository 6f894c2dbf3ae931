import type { Locale } from '../../../lib/i18n/i18n';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** 1,536 → "1.5 KB": binary steps, one decimal below 10, in the reader's number format. */
export function formatBytes(bytes: number, locale: Locale): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit > 0 && value < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}

/** 75 → "1분 15초" / "1 min 15 s". */
export function formatDuration(totalSeconds: number, locale: Locale): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (locale === 'ko') return minutes ? `${minutes}분 ${rest}초` : `${rest}초`;
  return minutes ? `${minutes} min ${rest} s` : `${rest} s`;
}
