import { describe, expect, it } from 'vitest';
import { formatUptime, healthParams } from './stream-state-format';

describe('stream state formatting', () => {
  it('reads uptime like a clock', () => {
    expect(formatUptime(0)).toBe('0:00');
    expect(formatUptime(65)).toBe('1:05');
    expect(formatUptime(3600 + 62)).toBe('1:01:02');
    expect(formatUptime(-3)).toBe('0:00');
  });

  it('rounds health numbers to one decimal', () => {
    expect(healthParams({ code: 'KEYFRAME_INTERVAL_LONG', severity: 'WARNING', params: { seconds: 8.3333, maxSeconds: 4 } })).toEqual({
      seconds: 8.3,
      maxSeconds: 4,
    });
  });
});
