import { queryOptions } from '@tanstack/react-query';
import { LoopLimits } from '@studio/contract/loop';
import { apiClient } from '../../../lib/api-client';
import { loopKeys } from './loop-keys';

export function getLoopLimits(channelId: number, signal?: AbortSignal): Promise<LoopLimits> {
  return apiClient.get(`/api/channels/${channelId}/loops/limits`, LoopLimits, { signal });
}

export function loopLimitsQueryOptions(channelId: number) {
  return queryOptions({ queryKey: loopKeys.limits(channelId), queryFn: ({ signal }) => getLoopLimits(channelId, signal), staleTime: Infinity });
}
