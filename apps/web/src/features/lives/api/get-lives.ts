import { queryOptions } from '@tanstack/react-query';
import type { LiveStatus } from '@studio/contract/enums';
import type { z } from 'zod';
import { PREVIOUS_LIVES_SIZE } from '@studio/contract/constants';
import { LivePage, livePaths, type LiveSort } from '@studio/contract/live';
import { apiClient } from '../../../lib/api-client';
import { liveKeys } from './live-keys';

/** Spec section 7's list query, as the studio sends it. */
export type LiveListQuery = {
  title?: string;
  kampChannelId?: string;
  status?: LiveStatus[];
  page: number;
  size: number;
  sort: z.infer<typeof LiveSort>;
};

export function getLives(channelId: number, query: LiveListQuery, signal?: AbortSignal) {
  return apiClient.get(`/api${livePaths.list(channelId)}`, LivePage, {
    // Spec section 7: status is comma-joined.
    query: { ...query, status: query.status?.join(',') },
    signal,
  });
}

export function livesQueryOptions(channelId: number, query: LiveListQuery) {
  return queryOptions({
    queryKey: liveKeys.list(channelId, query),
    queryFn: ({ signal }) => getLives(channelId, query, signal),
  });
}

/** Spec sections 7 and 9: step 2 of the creation layer, the key's 5 newest ended lives. */
export function previousLivesQuery(kampChannelId: string): LiveListQuery {
  return { kampChannelId, status: ['END'], page: 0, size: PREVIOUS_LIVES_SIZE, sort: 'createdAt,DESC' };
}
