import { useMutation, useQueryClient } from '@tanstack/react-query';
import { livePaths } from '@studio/contract/live';
import { apiClient } from '../../../lib/api-client';
import { streamKeysQueryOptions } from './get-stream-keys';

/** Spec section 7: `POST /lives/streams/reissue/{kampChannelId}`; the old secret stops working at once. */
export function reissueStreamKey(channelId: number, kampChannelId: string) {
  return apiClient.post(`/api${livePaths.reissueStreamKey(channelId, kampChannelId)}`);
}

export function useReissueStreamKey(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kampChannelId: string) => reissueStreamKey(channelId, kampChannelId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: streamKeysQueryOptions(channelId).queryKey }),
  });
}
