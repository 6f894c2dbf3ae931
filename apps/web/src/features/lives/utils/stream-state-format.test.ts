import { describe, expect, it } from 'vitest';
import { formatUptime, healthParams, graceSecondsLeft } from './stream-state-format';

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

describe('graceSecondsLeft', () => {
  const state = { checkedAt: '2026-11-26T05:00:00.000Z', graceEndsAt: '2026-11-26T05:01:00.000Z' };

  it('counts down from the server check by the time passed since the answer arrived, whatever the browser clock says', () => {
    const receivedAt = 1_000_000; // a browser clock far from the server's
    expect(graceSecondsLeft(state, receivedAt, receivedAt)).toBe(60);
    expect(graceSecondsLeft(state, receivedAt, receivedAt + 12_300)).toBe(48);
    expect(graceSecondsLeft(state, receivedAt, receivedAt + 75_000)).toBe(0);
  });

  it('has nothing to count without a grace window', () => {
    expect(graceSecondsLeft({ checkedAt: state.checkedAt, graceEndsAt: null }, 0, 0)).toBeNull();
  });
});
