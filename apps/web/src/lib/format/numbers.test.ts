import { describe, expect, it } from 'vitest';
import { formatCount, formatViewCount } from './numbers';

describe('view counts', () => {
  it('keep the spec short form in Korean and use compact English otherwise', () => {
    expect(formatViewCount(1_000, 'ko')).toBe('1,000');
    expect(formatViewCount(1_500, 'ko')).toBe('1.5천');
    expect(formatViewCount(152_000, 'ko')).toBe('15.2만');
    expect(formatViewCount(1_500, 'en')).toBe('1.5K');
    expect(formatViewCount(152_000, 'en')).toBe('152K');
    expect(formatViewCount(999_999_000, 'en')).toBe('1B');
    expect(formatCount(128_450, 'en')).toBe('128,450');
  });
});
