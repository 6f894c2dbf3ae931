import { describe, expect, it } from 'vitest';
import { shortenViewCount } from './content';

describe('shortenViewCount (spec section 9)', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1_000, '1,000'],
    [1_001, '1천'],
    [1_099, '1천'],
    [1_100, '1.1천'],
    [1_999, '1.9천'],
    [9_999, '9.9천'],
    [10_000, '10천'],
    [10_001, '1만'],
    [15_234, '1.5만'],
    [152_340, '15.2만'],
    [99_999_000, '9999.9만'],
    [99_999_999, '9999.9만'],
    [100_000_000, '9999.9만'],
    [999_999_999, '9999.9만'],
  ])('%i reads %s', (count, expected) => {
    expect(shortenViewCount(count)).toBe(expected);
  });
});
