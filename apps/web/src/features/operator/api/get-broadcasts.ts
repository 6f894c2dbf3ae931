import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { OperatorBroadcast } from '@studio/contract/operator';
import { apiClient } from '../../../lib/api-client';
import { operatorKeys } from './operator-keys';

const BroadcastList = z.array(OperatorBroadcast);

export function getBroadcasts(signal?: AbortSignal) {
  return apiClient.get('/api/operator/notifications/broadcasts', BroadcastList, { signal });
}

/** While a broadcast is being written, its progress is read again every 2 s. */
export function broadcastsQueryOptions() {
  return queryOptions({
    queryKey: operatorKeys.broadcasts(),
    queryFn: ({ signal }) => getBroadcasts(signal),
    refetchInterval: (query) => (query.state.data?.some((broadcast) => broadcast.finishedAt === null) ? 2000 : false),
  });
}
