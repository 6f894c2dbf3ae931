// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollToTop } from './scroll-to-top';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  window.scrollY = 0;
});

const scrollTo = (y: number) =>
  act(() => {
    window.scrollY = y;
    window.dispatchEvent(new Event('scroll'));
  });

describe('ScrollToTop (spec section 9: scroll and resize handling is throttled at 100 ms)', () => {
  // The spec's number on purpose: SCROLL_THROTTLE_MS at 50 or 150 fails this test.
  it('reacts to a scroll inside the window exactly 100 ms after the last handled one', async () => {
    vi.useFakeTimers();
    window.scrollY = 0;
    render(<ScrollToTop />);
    expect(screen.queryByRole('button', { name: '맨 위로' })).toBeNull();

    scrollTo(300);
    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(screen.queryByRole('button', { name: '맨 위로' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('button', { name: '맨 위로' })).toBeTruthy();

    // A quiet window later, the next scroll is handled at once; the one right after it waits again.
    await act(() => vi.advanceTimersByTimeAsync(500));
    scrollTo(0);
    expect(screen.queryByRole('button', { name: '맨 위로' })).toBeNull();
    scrollTo(10);
    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(screen.queryByRole('button', { name: '맨 위로' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('button', { name: '맨 위로' })).toBeTruthy();
  });
});
