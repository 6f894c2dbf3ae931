import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_THROTTLE_MS } from '@studio/contract/constants';
import { throttle } from './throttle';

describe('throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs the first call at once and at most once per window afterwards', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, SCROLL_THROTTLE_MS);

    throttled(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenLastCalledWith(1);

    throttled(2);
    throttled(3);
    vi.advanceTimersByTime(SCROLL_THROTTLE_MS - 1);
    expect(fn).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2);
    // The trailing call carries the latest arguments, not the first skipped ones.
    expect(fn).toHaveBeenLastCalledWith(3);
  });

  it('allows a new immediate call once a quiet window has passed', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 100);
    throttled('a');
    vi.advanceTimersByTime(250);
    throttled('b');
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith('b');
  });

  it('limits a burst of 50 calls over 500 ms to about one call per 100 ms', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 100);
    for (let i = 0; i < 50; i += 1) {
      throttled(i);
      vi.advanceTimersByTime(10);
    }
    vi.advanceTimersByTime(100);
    expect(fn.mock.calls.length).toBeGreaterThanOrEqual(5);
    expect(fn.mock.calls.length).toBeLessThanOrEqual(6);
    expect(fn).toHaveBeenLastCalledWith(49);
  });

  it('drops the pending trailing call on cancel', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 100);
    throttled(1);
    throttled(2);
    throttled.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
