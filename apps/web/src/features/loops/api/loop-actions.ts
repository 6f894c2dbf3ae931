import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loop, LoopThumbnailBody } from '@studio/contract/loop';
import { apiClient } from '../../../lib/api-client';
import { loopQueryOptions } from './get-loop';
import { loopsQueryOptions } from './get-loops';

function useLoopMutation<V>(channelId: number, loopId: string, call: (variables: V) => Promise<Loop | undefined>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (loop) => {
      if (loop) queryClient.setQueryData(loopQueryOptions(channelId, loopId).queryKey, loop);
      void queryClient.invalidateQueries({ queryKey: loopsQueryOptions(channelId).queryKey });
    },
  });
}

export function useRetryLoop(channelId: number, loopId: string) {
  return useLoopMutation(channelId, loopId, () => apiClient.post(`/api/channels/${channelId}/loops/${loopId}/retry`, { schema: Loop }));
}

export function useStopLoop(channelId: number, loopId: string) {
  return useLoopMutation(channelId, loopId, () => apiClient.post(`/api/channels/${channelId}/loops/${loopId}/stop`, { schema: Loop }));
}

/**
 * The choice shows at once; a refusal puts back what the server holds. A poll of the loop already
 * under way (progress is followed live) is cancelled first, or its older answer would undo the choice.
 */
export function useChooseThumbnail(channelId: number, loopId: string) {
  const queryClient = useQueryClient();
  const key = loopQueryOptions(channelId, loopId).queryKey;
  return useMutation({
    mutationFn: (index: number) => apiClient.put(`/api/channels/${channelId}/loops/${loopId}/thumbnail`, { bodySchema: LoopThumbnailBody, body: { index }, schema: Loop }),
    onMutate: async (index) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData(key);
      queryClient.setQueryData(key, (loop) => loop && { ...loop, thumbnailIndex: index });
      return { before };
    },
    onError: (_error, _index, context) => queryClient.setQueryData(key, context?.before),
    onSuccess: (loop) => queryClient.setQueryData(key, loop),
  });
}

export function useDeleteLoop(channelId: number, loopId: string) {
  return useLoopMutation(channelId, loopId, async () => {
    await apiClient.delete(`/api/channels/${channelId}/loops/${loopId}`);
    return undefined;
  });
}

/** Cancels an unfinished upload of the list (its bytes are dropped): room for a new one. */
export function useCancelUpload(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (loopId: string) => apiClient.delete(`/api/channels/${channelId}/loops/${loopId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loopsQueryOptions(channelId).queryKey }),
  });
}
