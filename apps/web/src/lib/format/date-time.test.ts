import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelativeTime } from './date-time';

// 2026-11-22 15:30 UTC is already 2026-11-23 00:30 in Seoul.
const lateUtc = '2026-11-22T15:30:00.000Z';
const now = new Date('2026-11-23T00:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('dates in Korean time', () => {
  it('prints the Seoul calendar day, not the UTC one', () => {
    expect(formatDate(lateUtc, 'ko')).toBe('2026.11.23');
    expect(formatDate(lateUtc, 'en')).toBe('Nov 23, 2026');
    expect(formatDate('2026-01-05T00:00:00.000Z', 'ko')).toBe('2026.01.05');
  });

  it('prints date and time on a 24-hour clock in Korean and a 12-hour clock in English', () => {
    expect(formatDateTime(lateUtc, 'ko')).toBe('2026.11.23 00:30');
    expect(formatDateTime('2026-11-22T05:05:00.000Z', 'ko')).toBe('2026.11.22 14:05');
    expect(formatDateTime('2026-11-22T05:05:00.000Z', 'en')).toBe('Nov 22, 2026, 2:05 PM');
  });
});

describe('relative times', () => {
  it.each([
    [0, '방금 전', 'just now'],
    [59_000, '방금 전', 'just now'],
    [60_000, '1분 전', '1 minute ago'],
    [5 * 60_000, '5분 전', '5 minutes ago'],
    [3 * 3_600_000 + 59 * 60_000, '3시간 전', '3 hours ago'],
    [24 * 3_600_000, '1일 전', '1 day ago'],
    [6 * 24 * 3_600_000, '6일 전', '6 days ago'],
  ])('%d ms ago reads %s / %s', (ms, ko, en) => {
    expect(formatRelativeTime(ago(ms), 'ko', now)).toBe(ko);
    expect(formatRelativeTime(ago(ms), 'en', now)).toBe(en);
  });

  it('falls back to the date from a week on', () => {
    expect(formatRelativeTime(ago(7 * 24 * 3_600_000), 'ko', now)).toBe('2026.11.16');
    expect(formatRelativeTime(ago(7 * 24 * 3_600_000), 'en', now)).toBe('Nov 16, 2026');
  });

  it('treats a time slightly in the future (clock skew) as just now', () => {
    expect(formatRelativeTime(ago(-5_000), 'en', now)).toBe('just now');
  });
});
