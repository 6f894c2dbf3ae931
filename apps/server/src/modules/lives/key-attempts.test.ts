import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import { addressKey, KeyAttemptLimiter } from './key-attempts';

describe('addressKey', () => {
  it('counts IPv4 as itself (also IPv4-mapped) and IPv6 by its /64', () => {
    expect(addressKey('10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::9%eth0')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('1:2:3:4:5:6:7:8:9:10')).toBe('1:2:3:4::/64');
  });
});

describe('KeyAttemptLimiter', () => {
  it('refuses an address after its burst of failures until its minute is over, and never one that only succeeded', () => {
    const clock = fixedClock(new Date('2026-11-25T00:00:00Z'));
    const limiter = new KeyAttemptLimiter({ perMinute: 3, clock });
    for (let i = 0; i < 3; i++) {
      expect(limiter.allows('10.0.0.1')).toBe(true);
      limiter.failed('10.0.0.1');
    }
    expect(limiter.allows('10.0.0.1')).toBe(false);
    expect(limiter.allows('10.0.0.2')).toBe(true);
    clock.advance(59_999);
    expect(limiter.allows('10.0.0.1')).toBe(false);
    clock.advance(1);
    expect(limiter.allows('10.0.0.1')).toBe(true);
  });

  it('forgets ended windows as failing addresses pile up', () => {
    const clock = fixedClock(new Date('2026-11-25T00:00:00Z'));
    const limiter = new KeyAttemptLimiter({ perMinute: 1, clock });
    for (let i = 0; i < 5000; i++) limiter.failed(`10.1.${i >> 8}.${i & 255}`);
    clock.advance(60_000);
    // The next minute's addresses make the map double: the ended windows go then.
    for (let i = 0; i < 4000; i++) limiter.failed(`10.2.${i >> 8}.${i & 255}`);
    expect((limiter as unknown as { windows: Map<string, unknown> }).windows.size).toBeLessThanOrEqual(4000);
  });
});
