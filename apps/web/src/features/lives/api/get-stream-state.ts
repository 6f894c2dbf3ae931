import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { STREAM_STATE_REFRESH_MS } from '@studio/contract/constants';
import { livePaths, StreamState } from '@studio/contract/live';
import { apiClient } from '../../../lib/api-client';
import { liveKeys } from './live-keys';

export function getStreamState(channelId: number, liveId: number, signal?: AbortSignal) {
  return apiClient.get(`/api${livePaths.streamState(channelId, liveId)}`, StreamState, { signal });
}

/** Spec sections 4 and 9: polled every 5,000 ms, also in a background tab (a creator watches OBS, not the studio). */
export function streamStateQueryOptions(channelId: number, liveId: number) {
  return queryOptions({
    queryKey: liveKeys.streamState(channelId, liveId),
    queryFn: ({ signal }) => getStreamState(channelId, liveId, signal),
    refetchInterval: STREAM_STATE_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
}

/** After a browser broadcast connects: ask again this often, this many times (8 s in all), until its video is received. */
export const STREAM_STATE_CONNECT_RETRY_MS = 250;
export const STREAM_STATE_CONNECT_TRIES = 32;

/**
 * Issue 24: a browser broadcast knows when its peer connection is up, so the page asks the server for
 * the stream state right away, and every 250 ms after (at most 32 times) until the server says
 * RECEIVING with the video's figures (from the first video keyframe at the ingest, decision 062; until
 * then the key's claim reads IDLE with awaitingVideo), instead of waiting up to 5 s for the poll above, which keeps its own
 * interval. The answer goes into the same cache entry the panel reads. Returns a function that stops the asking.
 */
export function askStreamStateUntilReceiving(queryClient: QueryClient, channelId: number, liveId: number): () => void {
  const options = streamStateQueryOptions(channelId, liveId);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ask = async (tries: number) => {
    const state = await queryClient.fetchQuery({ ...options, staleTime: 0 }).catch(() => null);
    if (stopped || (state?.reception === 'RECEIVING' && state.video !== null) || tries <= 1) return;
    timer = setTimeout(() => void ask(tries - 1), STREAM_STATE_CONNECT_RETRY_MS);
  };
  void ask(STREAM_STATE_CONNECT_TRIES);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
