import { shortenViewCount } from '@studio/contract/view-count';
import type { Locale } from '../i18n/i18n';

const compact = new Map<Locale, Intl.NumberFormat>();

/**
 * A view count as a list shows it: the spec's Korean short form (1천, 15.2만)
 * in Korean, the language's own compact form (1K, 152K) otherwise.
 */
export function formatViewCount(count: number, locale: Locale): string {
  if (locale === 'ko') return shortenViewCount(count);
  let formatter = compact.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    compact.set(locale, formatter);
  }
  return formatter.format(count);
}

/** A full count with the language's grouping: 1,000. */
export function formatCount(count: number, locale: Locale): string {
  return count.toLocaleString(locale === 'ko' ? 'ko-KR' : 'en-US');
}
