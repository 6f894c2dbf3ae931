import { queryOptions } from '@tanstack/react-query';
import { STREAM_STATE_REFRESH_MS } from '@studio/contract/constants';
import { restreamPaths, RestreamTargetList } from '@studio/contract/restream';
import { apiClient } from '../../../lib/api-client';
import { liveKeys } from './live-keys';

/** Issue 24, point 3: `GET /lives/streams/{kampChannelId}/restream-targets`, keys masked, with their forwarding. */
export function getRestreamTargets(channelId: number, kampChannelId: string, signal?: AbortSignal) {
  return apiClient.get(`/api${restreamPaths.targets(channelId, kampChannelId)}`, RestreamTargetList, { signal });
}

/** While the live is on air the targets' states refresh with the stream state (spec section 9: 5000 ms). */
export function restreamTargetsQueryOptions(channelId: number, kampChannelId: string, onAir = false) {
  return queryOptions({
    queryKey: liveKeys.restreamTargets(channelId, kampChannelId),
    queryFn: ({ signal }) => getRestreamTargets(channelId, kampChannelId, signal),
    refetchInterval: onAir ? STREAM_STATE_REFRESH_MS : false,
  });
}
