import { queryOptions } from '@tanstack/react-query';
import { livePaths, StreamKeyList } from '@studio/contract/live';
import { apiClient } from '../../../lib/api-client';
import { liveKeys } from './live-keys';

export function getStreamKeys(channelId: number, signal?: AbortSignal) {
  return apiClient.get(`/api${livePaths.streamKeys(channelId)}`, StreamKeyList, { signal });
}

export function streamKeysQueryOptions(channelId: number) {
  return queryOptions({
    queryKey: liveKeys.streamKeys(channelId),
    queryFn: ({ signal }) => getStreamKeys(channelId, signal),
  });
}
