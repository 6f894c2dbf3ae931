import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration } from './format-bytes';

describe('sizes and durations on the upload page', () => {
  it('writes sizes in binary steps with one decimal below ten', () => {
    expect(formatBytes(0, 'ko')).toBe('0 B');
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(500 * 1024 * 1024, 'en')).toBe('500 MB');
    expect(formatBytes(5 * 1024 ** 3, 'ko')).toBe('5.0 GB');
  });

  it('writes durations in minutes and seconds', () => {
    expect(formatDuration(75, 'ko')).toBe('1분 15초');
    expect(formatDuration(9, 'en')).toBe('9 s');
    expect(formatDuration(180, 'en')).toBe('3 min 0 s');
  });
});
