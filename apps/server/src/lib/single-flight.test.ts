import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

describe('singleFlight', () => {
  it('shares one call among callers that overlap it, per key, and starts afresh once it settled', async () => {
    const calls: number[] = [];
    const load = singleFlight(async (key: number) => {
      calls.push(key);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { key, call: calls.length };
    });
    const [a, b, c] = await Promise.all([load(1), load(1), load(2)]);
    expect(a).toBe(b);
    expect(c?.key).toBe(2);
    expect(calls).toEqual([1, 2]);
    const later = await load(1);
    expect(later).not.toBe(a);
    expect(calls).toEqual([1, 2, 1]);
  });

  it('hands a failure to every caller that shared it, and the next call tries again', async () => {
    let fail = true;
    const load = singleFlight(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new Error('down');
      return 'up';
    });
    const results = await Promise.allSettled([load('k'), load('k')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    await expect(load('k')).resolves.toBe('up');
  });
});
