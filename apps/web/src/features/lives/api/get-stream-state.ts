import { queryOptions } from '@tanstack/react-query';
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
