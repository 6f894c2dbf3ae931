import { addDays } from '@studio/contract/korea-time';

/**
 * Each day's subscriber count from `from` for `length` days, out of the kept days (oldest first, the
 * last one before `from` among them): a day holds its own row or the last one before it, null before
 * the first. Pure, for the insight service and its tests.
 */
export function subscribersByDay(kept: readonly { day: string; subscribers: number }[], from: string, length: number): { day: string; subscribers: number | null }[] {
  let index = 0;
  let held: number | null = null;
  return Array.from({ length }, (_, n) => {
    const day = addDays(from, n);
    while (index < kept.length && kept[index]!.day <= day) {
      held = kept[index]!.subscribers;
      index += 1;
    }
    return { day, subscribers: held };
  });
}
