import { describe, expect, it } from 'vitest';
import { legacyTimeLabel } from './legacy-time-string';

const now = new Date('2026-11-22T06:00:00.000Z');

describe('reading the server timeString into the chosen language', () => {
  it('leaves Korean as the server wrote it', () => {
    expect(legacyTimeLabel('5분 전', 'ko', now)).toBe('5분 전');
  });

  it.each([
    ['방금 전', 'just now'],
    ['1분 전', '1 minute ago'],
    ['12분 전', '12 minutes ago'],
    ['3시간 전', '3 hours ago'],
    ['6일 전', '6 days ago'],
    ['2026.11.02', 'Nov 2, 2026'],
  ])('%s reads %s in English', (korean, english) => {
    expect(legacyTimeLabel(korean, 'en', now)).toBe(english);
  });

  it('shows anything else as sent', () => {
    expect(legacyTimeLabel('yesterday-ish', 'en', now)).toBe('yesterday-ish');
  });
});
