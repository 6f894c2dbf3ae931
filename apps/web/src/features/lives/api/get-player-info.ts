import { queryOptions } from '@tanstack/react-query';
import { livePaths, PlayerInfo } from '@studio/contract/live';
import { apiClient } from '../../../lib/api-client';
import { liveKeys } from './live-keys';

/** How often a closed live whose replay is being settled asks again. */
const REPLAY_PENDING_POLL_MS = 2000;

export function getPlayerInfo(channelId: number, liveId: number, signal?: AbortSignal) {
  return apiClient.get(`/api${livePaths.playerInfo(channelId, liveId)}`, PlayerInfo, { signal });
}

export function playerInfoQueryOptions(channelId: number, liveId: number) {
  return queryOptions({
    queryKey: liveKeys.playerInfo(channelId, liveId),
    queryFn: ({ signal }) => getPlayerInfo(channelId, liveId, signal),
    // A closed live's replay is settled just after the close answers: asked again until it is.
    // So is a replay being trimmed, until the trimmed one plays or the trim failed.
    refetchInterval: (query) => (query.state.data?.replayState === 'PENDING' || query.state.data?.replayTrim?.state === 'RUNNING' ? REPLAY_PENDING_POLL_MS : false),
  });
}
