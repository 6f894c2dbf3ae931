import { queryOptions } from '@tanstack/react-query';
import { Loop } from '@studio/contract/loop';
import { apiClient } from '../../../lib/api-client';
import { loopKeys } from './loop-keys';

/** How often the page asks how processing goes while a job owes the loop its rendition. */
export const LOOP_POLL_MS = 1_000;

export function getLoop(channelId: number, loopId: string, signal?: AbortSignal): Promise<Loop> {
  return apiClient.get(`/api/channels/${channelId}/loops/${loopId}`, Loop, { signal });
}

export function loopQueryOptions(channelId: number, loopId: string) {
  return queryOptions({
    queryKey: loopKeys.detail(channelId, loopId),
    queryFn: ({ signal }) => getLoop(channelId, loopId, signal),
    refetchInterval: (query) => {
      const loop = query.state.data;
      // A stuck loop waits for the person (retry or delete), not for a job.
      if (!loop || loop.stuck) return false;
      return loop.status === 'RESERVED' || loop.status === 'START' || loop.status === 'PROCESSING' ? LOOP_POLL_MS : false;
    },
  });
}
