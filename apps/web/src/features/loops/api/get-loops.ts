import { queryOptions } from '@tanstack/react-query';
import { LoopList } from '@studio/contract/loop';
import { apiClient } from '../../../lib/api-client';
import { loopKeys } from './loop-keys';

/** My loops of the channel not yet published: unfinished uploads to resume, clips being processed. */
export function getLoops(channelId: number, signal?: AbortSignal): Promise<LoopList> {
  return apiClient.get(`/api/channels/${channelId}/loops`, LoopList, { signal });
}

export function loopsQueryOptions(channelId: number) {
  return queryOptions({ queryKey: loopKeys.list(channelId), queryFn: ({ signal }) => getLoops(channelId, signal) });
}
