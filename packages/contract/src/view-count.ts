import { VIEW_COUNT_CAP_TEN_THOUSANDS, VIEW_COUNT_TEN_THOUSANDS_ABOVE, VIEW_COUNT_THOUSANDS_ABOVE } from './constants';

/** The units themselves (a language fact, not a rule): 1만 is ten thousand, 1천 a thousand. */
const MAN = 10_000;
const CHEON = 1_000;

/** One decimal, cut not rounded, with a trailing .0 dropped: 1.25 → "1.2", 3.0 → "3". */
function oneDecimal(value: number): string {
  const cut = Math.floor(value * 10) / 10;
  return Number.isInteger(cut) ? String(cut) : cut.toFixed(1);
}

/**
 * View counts as the studio prints them (spec section 9): thousands (천) above
 * 1,000, ten-thousands (만) above 10,000, capped at 9999.9만.
 */
export function shortenViewCount(count: number): string {
  if (count > VIEW_COUNT_TEN_THOUSANDS_ABOVE) return `${oneDecimal(Math.min(count / MAN, VIEW_COUNT_CAP_TEN_THOUSANDS))}만`;
  if (count > VIEW_COUNT_THOUSANDS_ABOVE) return `${oneDecimal(count / CHEON)}천`;
  return count.toLocaleString('ko-KR');
}
