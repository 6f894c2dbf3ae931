import { queryOptions } from '@tanstack/react-query';
import { LiveDetail, livePaths } from '@studio/contract/live';
import { apiClient } from '../../../lib/api-client';
import { liveKeys } from './live-keys';

export function getLive(channelId: number, liveId: number, signal?: AbortSignal) {
  return apiClient.get(`/api${livePaths.live(channelId, liveId)}`, LiveDetail, { signal });
}

export function liveQueryOptions(channelId: number, liveId: number) {
  return queryOptions({
    queryKey: liveKeys.live(channelId, liveId),
    queryFn: ({ signal }) => getLive(channelId, liveId, signal),
  });
}
