import { RESERVATION_STEP_MINUTES } from './constants';
import { fromKoreanParts, toKoreanParts } from './korea-time';

/**
 * The reservation clock of spec sections 5 and 9: times are booked on a step
 * (10 minutes), the earliest bookable time is the next step after now ("if the
 * minutes exceed 49, the hour moves forward"), and people read and choose them
 * in the Korean timezone (UTC+9) whatever the zone of the process or browser.
 * Contents and loops share this rule; the server and the browser both call it.
 */


const MINUTE = 60_000;

/**
 * The earliest bookable reservation: the next step strictly after the current
 * minute's step. 09:40–09:49 give 09:50; 09:50–09:59 give 10:00 (the hour moves
 * forward); 23:55 gives 00:00 of the next day, across months and years.
 */
export function earliestReservationSlot(now: Date, stepMinutes: number = RESERVATION_STEP_MINUTES): Date {
  const parts = toKoreanParts(now);
  const nextStep = (Math.floor(parts.minute / stepMinutes) + 1) * stepMinutes;
  return fromKoreanParts({ ...parts, minute: nextStep });
}

/** Whether an instant sits exactly on a step of the Korean clock (whole minutes, no seconds). */
export function isOnReservationStep(at: Date, stepMinutes: number = RESERVATION_STEP_MINUTES): boolean {
  if (at.getTime() % MINUTE !== 0) return false;
  return toKoreanParts(at).minute % stepMinutes === 0;
}

export type ReservationProblem = 'OFF_STEP' | 'TOO_EARLY';

/**
 * The one check of a chosen reservation time, used by the server (authoritative,
 * with its own clock) and by the browser (to disable what the server would refuse).
 * Returns null when `at` is on the step and not before the earliest slot.
 */
export function reservationProblem(at: Date, now: Date, stepMinutes: number = RESERVATION_STEP_MINUTES): ReservationProblem | null {
  if (Number.isNaN(at.getTime())) return 'OFF_STEP';
  if (!isOnReservationStep(at, stepMinutes)) return 'OFF_STEP';
  if (at.getTime() < earliestReservationSlot(now, stepMinutes).getTime()) return 'TOO_EARLY';
  return null;
}

/** The next `count` bookable slots from now, earliest first (for a picker). */
export function reservationSlots(now: Date, count: number, stepMinutes: number = RESERVATION_STEP_MINUTES): Date[] {
  const first = earliestReservationSlot(now, stepMinutes).getTime();
  return Array.from({ length: count }, (_, index) => new Date(first + index * stepMinutes * MINUTE));
}
