import { afterEach, describe, expect, it } from 'vitest';
import { toKoreanParts } from './korea-time';
import { earliestReservationSlot, isOnReservationStep, reservationProblem, reservationSlots } from './reservation';

/** An instant given as Korean wall-clock time. */
const kst = (local: string) => new Date(`${local}+09:00`);

describe('earliestReservationSlot (spec sections 5 and 9)', () => {
  it.each([
    ['09:49 gives 09:50', '2026-11-24T09:49:00', '2026-11-24T09:50:00'],
    ['09:49:59.999 still gives 09:50', '2026-11-24T09:49:59.999', '2026-11-24T09:50:00'],
    ['09:50 moves the hour forward to 10:00', '2026-11-24T09:50:00', '2026-11-24T10:00:00'],
    ['09:59 gives 10:00', '2026-11-24T09:59:30', '2026-11-24T10:00:00'],
    ['09:40 on the step gives the next step, 09:50', '2026-11-24T09:40:00', '2026-11-24T09:50:00'],
    ['09:00 gives 09:10', '2026-11-24T09:00:00', '2026-11-24T09:10:00'],
    ['23:55 moves to midnight of the next day', '2026-11-24T23:55:00', '2026-11-25T00:00:00'],
    ['the last day of a 30-day month', '2026-11-30T23:55:00', '2026-12-01T00:00:00'],
    ['the last day of a 31-day month', '2026-01-31T23:51:00', '2026-02-01T00:00:00'],
    ['the last day of February', '2026-02-28T23:50:00', '2026-03-01T00:00:00'],
    ['the last day of February in a leap year', '2028-02-28T23:55:00', '2028-02-29T00:00:00'],
    ['the last day of the year', '2026-12-31T23:59:59', '2027-01-01T00:00:00'],
  ])('%s', (_name, now, expected) => {
    expect(earliestReservationSlot(kst(now)).toISOString()).toBe(kst(expected).toISOString());
  });

  it('is Korean midnight, not UTC midnight: 23:55 KST is 14:55 UTC and gives 15:00 UTC', () => {
    expect(earliestReservationSlot(new Date('2026-11-24T14:55:00Z')).toISOString()).toBe('2026-11-24T15:00:00.000Z');
    expect(toKoreanParts(new Date('2026-11-24T15:00:00Z'))).toEqual({ year: 2026, month: 11, day: 25, hour: 0, minute: 0 });
  });

  it('takes another step when asked', () => {
    expect(earliestReservationSlot(kst('2026-11-24T09:49:00'), 30).toISOString()).toBe(kst('2026-11-24T10:00:00').toISOString());
  });
});

describe('whatever the process timezone', () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it.each(['America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Chatham', 'UTC'])('%s gives the same slots and Korean parts', (zone) => {
    process.env.TZ = zone;
    expect(earliestReservationSlot(kst('2026-01-31T23:55:00')).toISOString()).toBe(kst('2026-02-01T00:00:00').toISOString());
    expect(toKoreanParts(kst('2026-03-08T02:30:00'))).toEqual({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 });
  });
});

describe('reservationProblem: on the step and not before the earliest slot', () => {
  const now = kst('2026-11-24T09:49:00');

  it('accepts the earliest slot and later steps', () => {
    expect(reservationProblem(kst('2026-11-24T09:50:00'), now)).toBeNull();
    expect(reservationProblem(kst('2026-12-24T18:30:00'), now)).toBeNull();
  });

  it('refuses a time before the earliest slot', () => {
    expect(reservationProblem(kst('2026-11-24T09:40:00'), now)).toBe('TOO_EARLY');
    expect(reservationProblem(kst('2026-11-24T09:50:00'), kst('2026-11-24T09:50:00'))).toBe('TOO_EARLY');
  });

  it('refuses a time off the step', () => {
    expect(reservationProblem(kst('2026-11-24T10:05:00'), now)).toBe('OFF_STEP');
    expect(reservationProblem(kst('2026-11-24T10:00:01'), now)).toBe('OFF_STEP');
    expect(reservationProblem(new Date(kst('2026-11-24T10:00:00').getTime() + 1), now)).toBe('OFF_STEP');
    expect(reservationProblem(new Date(Number.NaN), now)).toBe('OFF_STEP');
  });

  it('reads the step on the Korean clock', () => {
    expect(isOnReservationStep(new Date('2026-11-24T01:10:00Z'))).toBe(true);
    expect(isOnReservationStep(new Date('2026-11-24T01:15:00Z'))).toBe(false);
  });
});

describe('reservationSlots', () => {
  it('lists the next slots from the earliest one', () => {
    expect(reservationSlots(kst('2026-11-24T23:49:00'), 3).map((slot) => slot.toISOString())).toEqual([
      kst('2026-11-24T23:50:00').toISOString(),
      kst('2026-11-25T00:00:00').toISOString(),
      kst('2026-11-25T00:10:00').toISOString(),
    ]);
  });
});
