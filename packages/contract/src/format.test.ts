import { describe, expect, it } from 'vitest';
import { formatKstDate, formatTimeString } from './format';

const now = new Date('2026-11-22T03:00:00Z');
const before = (ms: number) => new Date(now.getTime() - ms);

describe('formatTimeString', () => {
  it.each([
    [0, '방금 전'],
    [59_000, '방금 전'],
    [60_000, '1분 전'],
    [59 * 60_000, '59분 전'],
    [3_600_000, '1시간 전'],
    [23 * 3_600_000 + 59 * 60_000, '23시간 전'],
    [86_400_000, '1일 전'],
    [6 * 86_400_000, '6일 전'],
    [7 * 86_400_000, '2026.11.15'],
  ])('%i ms ago reads %s', (ago, expected) => {
    expect(formatTimeString(before(ago), now)).toBe(expected);
  });
});

describe('formatKstDate', () => {
  it('uses Korean time, nine hours ahead of UTC', () => {
    expect(formatKstDate(new Date('2026-11-21T14:59:59Z'))).toBe('2026.11.21');
    expect(formatKstDate(new Date('2026-11-21T15:00:00Z'))).toBe('2026.11.22');
    expect(formatKstDate(new Date('2026-01-05T00:00:00Z'))).toBe('2026.01.05');
  });
});
