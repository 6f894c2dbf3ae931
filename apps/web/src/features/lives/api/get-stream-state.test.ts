// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { streamStateQueryOptions } from './get-stream-state';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const state = {
  liveId: 7,
  status: 'READY',
  reception: 'IDLE',
  video: null,
  audio: null,
  connectedAt: null,
  uptimeSeconds: null,
  interruptedAt: null,
  graceEndsAt: null,
  health: [],
  viewers: 0,
  peakViewers: 0,
  checkedAt: '2026-11-22T03:00:00.000Z',
};

describe('stream state polling (spec sections 4 and 9: every 5000 ms)', () => {
  // The spec's number on purpose: STREAM_STATE_REFRESH_MS at 4000 or 6000 fails this test.
  it('refetches at exactly 5.0 s and 10.0 s after the first answer, never before', async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch({ 'GET /api/channels/3/lives/streams/state/7': { body: state } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const unsubscribe = new QueryObserver(client, streamStateQueryOptions(3, 7)).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(4_900);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(4_900);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    unsubscribe();
    client.clear();
  });
});
