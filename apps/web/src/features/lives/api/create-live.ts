import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedLive, livePaths } from '@studio/contract/live';
import { apiClient } from '../../../lib/api-client';
import { withQuery } from './with-query';
import { liveKeys } from './live-keys';

/** Spec section 7: `POST /lives/create?kampChannelId=`, answering liveId. */
export function createLive(channelId: number, kampChannelId: string) {
  return apiClient.post(withQuery(`/api${livePaths.create(channelId)}`, { kampChannelId }), { schema: CreatedLive });
}

/** Spec section 7: `POST /lives/{liveId}/clone`: a new live with the previous one's settings. */
export function cloneLive(channelId: number, liveId: number) {
  return apiClient.post(`/api${livePaths.clone(channelId, liveId)}`, { schema: CreatedLive });
}

/** Spec section 4: from the chosen previous live when there is one, otherwise from the key. */
export type CreateLiveInput = { kampChannelId: string; channelLiveId?: number };

export function useCreateLive(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kampChannelId, channelLiveId }: CreateLiveInput) =>
      channelLiveId === undefined ? createLive(channelId, kampChannelId) : cloneLive(channelId, channelLiveId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveKeys.lists(channelId) }),
  });
}
