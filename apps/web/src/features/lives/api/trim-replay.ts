import { useMutation, useQueryClient } from '@tanstack/react-query';
import { livePaths, ReplayTrim, ReplayTrimBody } from '@studio/contract/live';
import { apiClient } from '../../../lib/api-client';
import { liveKeys } from './live-keys';

export function trimReplay(channelId: number, liveId: number, body: ReplayTrimBody) {
  return apiClient.post(`/api${livePaths.replayTrim(channelId, liveId)}`, { bodySchema: ReplayTrimBody, body, schema: ReplayTrim });
}

/** Queues the trim; the player info (which shows it running, then the trimmed replay) is asked again. */
export function useTrimReplay(channelId: number, liveId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplayTrimBody) => trimReplay(channelId, liveId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKeys.playerInfo(channelId, liveId), exact: true }),
  });
}
