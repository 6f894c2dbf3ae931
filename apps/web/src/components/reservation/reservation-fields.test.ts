import { describe, expect, it } from 'vitest';
import { bookable, choose, dateValue, parseDateValue } from './reservation-fields';

// Instants written in Korean time (+09:00) so the tests read like the picker.
const kst = (local: string) => new Date(`${local}+09:00`);

describe('reservation picker fields (Korean time, whatever the zone)', () => {
  it('reads and writes date input values, refusing impossible dates', () => {
    expect(dateValue({ year: 2026, month: 3, day: 7 })).toBe('2026-03-07');
    expect(parseDateValue('2026-02-28')).toEqual({ year: 2026, month: 2, day: 28 });
    expect(parseDateValue('2026-02-30')).toBeNull();
    expect(parseDateValue('')).toBeNull();
  });

  it('moves a choice before the earliest slot up to it', () => {
    const now = kst('2026-11-24T09:49:30');
    expect(choose(kst('2026-11-24T10:30:00'), { hour: 9, minute: 0 }, now)).toEqual(kst('2026-11-24T09:50:00'));
    expect(choose(kst('2026-11-24T10:30:00'), { day: 25, hour: 8 }, now)).toEqual(kst('2026-11-25T08:30:00'));
  });

  it('crosses the month end in Korean time', () => {
    const now = kst('2026-11-30T23:55:00');
    expect(choose(kst('2026-12-01T00:00:00'), { minute: 0 }, now)).toEqual(kst('2026-12-01T00:00:00'));
  });

  it('disables the hours and minutes before the earliest slot on its day only', () => {
    const now = kst('2026-11-24T09:50:00'); // earliest 10:00
    const today = bookable(kst('2026-11-24T10:00:00'), now);
    expect(today.hour(9)).toBe(false);
    expect(today.hour(10)).toBe(true);
    expect(today.minute(0)).toBe(true);
    const earlyMinute = bookable(kst('2026-11-24T10:00:00'), kst('2026-11-24T10:15:00')); // earliest 10:20
    expect(earlyMinute.minute(10)).toBe(false);
    expect(earlyMinute.minute(20)).toBe(true);
    const tomorrow = bookable(kst('2026-11-25T03:00:00'), now);
    expect(tomorrow.hour(0)).toBe(true);
    expect(tomorrow.minute(0)).toBe(true);
  });
});
