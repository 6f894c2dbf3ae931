import { queryOptions } from '@tanstack/react-query';
import { livePaths, PlayerInfo } from '@studio/contract/live';
import { apiClient } from '../../../lib/api-client';
import { liveKeys } from './live-keys';

export function getPlayerInfo(channelId: number, liveId: number, signal?: AbortSignal) {
  return apiClient.get(`/api${livePaths.playerInfo(channelId, liveId)}`, PlayerInfo, { signal });
}

export function playerInfoQueryOptions(channelId: number, liveId: number) {
  return queryOptions({
    queryKey: liveKeys.playerInfo(channelId, liveId),
    queryFn: ({ signal }) => getPlayerInfo(channelId, liveId, signal),
  });
}
