import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration';

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [7.4, '0:07'],
    [29.96, '0:30'],
    [90, '1:30'],
    [3723, '1:02:03'],
    [-3, '0:00'],
  ])('%s seconds read %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});
