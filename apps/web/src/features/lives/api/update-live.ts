import { useMutation, useQueryClient } from '@tanstack/react-query';
import { livePaths, UpdateLiveBody } from '@studio/contract/live';
import { apiClient } from '../../../lib/api-client';
import { liveQueryOptions } from './get-live';
import { liveKeys } from './live-keys';

export function updateLive(channelId: number, liveId: number, body: UpdateLiveBody) {
  return apiClient.put(`/api${livePaths.live(channelId, liveId)}`, { bodySchema: UpdateLiveBody, body });
}

export function useUpdateLive(channelId: number, liveId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateLiveBody) => updateLive(channelId, liveId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: liveQueryOptions(channelId, liveId).queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: liveKeys.lists(channelId) }),
      ]),
  });
}
