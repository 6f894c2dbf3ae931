// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub';
import { askStreamStateUntilReceiving, STREAM_STATE_CONNECT_RETRY_MS, STREAM_STATE_CONNECT_TRIES, streamStateQueryOptions } from './get-stream-state';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const state = {
  liveId: 7,
  status: 'READY',
  reception: 'IDLE',
  awaitingVideo: false,
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

describe('asking again once a browser broadcast connects (issue 24: "receiving" within 3 s)', () => {
  it('asks now and every 250 ms until the server says RECEIVING with video figures, then stops; the 5 s poll keeps its own cadence', async () => {
    vi.useFakeTimers();
    let answers = 0;
    const video = { codec: 'H.264', width: 1280, height: 720, frameRate: 30, bitrateKbps: 2500, keyframeIntervalSeconds: null };
    // IDLE, IDLE (the key claimed, its first keyframe not there yet), RECEIVING before the figures reach this instance, then with them.
    const fetchMock = stubFetch({
      'GET /api/channels/3/lives/streams/state/7': () => {
        answers++;
        return jsonResponse({ ...state, reception: answers >= 3 ? 'RECEIVING' : 'IDLE', awaitingVideo: answers === 2, video: answers >= 4 ? video : null });
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const unsubscribe = new QueryObserver(client, streamStateQueryOptions(3, 7)).subscribe(() => {});
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // Connected at 1.0 s: asked at once, then at 1.25 s and 1.5 s; the third answer after it has the video.
    askStreamStateUntilReceiving(client, 3, 7);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(client.getQueryData(streamStateQueryOptions(3, 7).queryKey)?.reception).toBe('IDLE');
    await vi.advanceTimersByTimeAsync(STREAM_STATE_CONNECT_RETRY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(client.getQueryData(streamStateQueryOptions(3, 7).queryKey)?.reception).toBe('RECEIVING');
    await vi.advanceTimersByTimeAsync(STREAM_STATE_CONNECT_RETRY_MS);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    // What the panel reads is the server's answer, in the same cache entry.
    expect(client.getQueryData(streamStateQueryOptions(3, 7).queryKey)?.video?.codec).toBe('H.264');

    // No more asking; the poll goes on at its 5,000 ms, counted as always from the last answer (1.5 s here).
    await vi.advanceTimersByTimeAsync(4_900);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(4_900);
    expect(fetchMock).toHaveBeenCalledTimes(5);
    await vi.advanceTimersByTimeAsync(100);
    expect(fetchMock).toHaveBeenCalledTimes(6);
    unsubscribe();
    client.clear();
  });

  it('gives up after 32 tries (8 s) when nothing arrives, and stops at once when told', async () => {
    vi.useFakeTimers();
    const fetchMock = stubFetch({ 'GET /api/channels/3/lives/streams/state/7': { body: state } });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    askStreamStateUntilReceiving(client, 3, 7);
    await vi.advanceTimersByTimeAsync(STREAM_STATE_CONNECT_RETRY_MS * 40);
    expect(fetchMock).toHaveBeenCalledTimes(STREAM_STATE_CONNECT_TRIES);

    const stop = askStreamStateUntilReceiving(client, 3, 7);
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(STREAM_STATE_CONNECT_RETRY_MS * 40);
    expect(fetchMock).toHaveBeenCalledTimes(STREAM_STATE_CONNECT_TRIES + 1);
    client.clear();
  });
});
