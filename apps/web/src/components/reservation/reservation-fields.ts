import { RESERVATION_STEP_MINUTES } from '@studio/contract/constants';
import { fromKoreanParts, type KoreanParts, toKoreanParts } from '@studio/contract/korea-time';
import { earliestReservationSlot } from '@studio/contract/reservation';

/** `YYYY-MM-DD` of a Korean wall-clock date (what a date input holds). */
export function dateValue(parts: Pick<KoreanParts, 'year' | 'month' | 'day'>): string {
  return `${String(parts.year).padStart(4, '0')}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
}

export function parseDateValue(value: string): Pick<KoreanParts, 'year' | 'month' | 'day'> | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return { year, month, day };
}

export const minuteOptions = Array.from({ length: 60 / RESERVATION_STEP_MINUTES }, (_, index) => index * RESERVATION_STEP_MINUTES);
export const hourOptions = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * The picker's fields after one of them changed, in Korean time: a choice
 * before the earliest slot becomes the earliest slot (the server would refuse it).
 */
export function choose(current: Date, change: Partial<KoreanParts>, now: Date): Date {
  const parts = { ...toKoreanParts(current), ...change };
  const chosen = fromKoreanParts(parts);
  const earliest = earliestReservationSlot(now);
  return chosen.getTime() < earliest.getTime() ? earliest : chosen;
}

/** Which hours and minutes of the chosen day can still be booked. */
export function bookable(current: Date, now: Date): { hour: (hour: number) => boolean; minute: (minute: number) => boolean } {
  const earliest = toKoreanParts(earliestReservationSlot(now));
  const chosen = toKoreanParts(current);
  const sameDay = chosen.year === earliest.year && chosen.month === earliest.month && chosen.day === earliest.day;
  return {
    hour: (hour) => !sameDay || hour >= earliest.hour,
    minute: (minute) => !sameDay || chosen.hour > earliest.hour || minute >= earliest.minute,
  };
}
