import { useMutation, useQueryClient } from '@tanstack/react-query';
import { livePaths } from '@studio/contract/live';
import { apiClient } from '../../../lib/api-client';
import { withQuery } from './with-query';
import { streamKeysQueryOptions } from './get-stream-keys';
import { liveKeys } from './live-keys';
import { asResult } from '../../../lib/result';

/** Spec section 7: `POST /lives/{liveId}/start`: READY → START, only while video is received. */
export function startLive(channelId: number, liveId: number) {
  return apiClient.post(`/api${livePaths.start(channelId, liveId)}`);
}

/** Spec section 7: `POST /lives/{liveId}/close`: START → END; the broadcast stays as a replay. */
export function closeLive(channelId: number, liveId: number) {
  return apiClient.post(`/api${livePaths.close(channelId, liveId)}`);
}

export function deleteLive(channelId: number, liveId: number) {
  return apiClient.delete(`/api${livePaths.live(channelId, liveId)}`);
}

/** Spec section 7: `PUT /lives/{liveId}/change-stream?kampChannelId=`, while READY. */
export function changeStream(channelId: number, liveId: number, kampChannelId: string) {
  return apiClient.put(withQuery(`/api${livePaths.changeStream(channelId, liveId)}`, { kampChannelId }));
}

function useInvalidateLive(channelId: number, liveId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: liveKeys.live(channelId, liveId) }),
      queryClient.invalidateQueries({ queryKey: liveKeys.lists(channelId) }),
      // A key's isLive follows its live's state.
      queryClient.invalidateQueries({ queryKey: streamKeysQueryOptions(channelId).queryKey }),
    ]);
}

export function useStartLive(channelId: number, liveId: number) {
  const invalidate = useInvalidateLive(channelId, liveId);
  return useMutation({ mutationFn: () => startLive(channelId, liveId), onSettled: invalidate });
}

export function useCloseLive(channelId: number, liveId: number) {
  const invalidate = useInvalidateLive(channelId, liveId);
  return useMutation({ mutationFn: () => closeLive(channelId, liveId), onSettled: invalidate });
}

export function useChangeStream(channelId: number, liveId: number) {
  const invalidate = useInvalidateLive(channelId, liveId);
  return useMutation({ mutationFn: (kampChannelId: string) => changeStream(channelId, liveId, kampChannelId), onSettled: invalidate });
}

/** Spec section 8: a failed delete says the broadcast state changed; the caller shows it. */
export function useDeleteLive(channelId: number, liveId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => asResult(deleteLive(channelId, liveId), 'anyRefusal'),
    onSuccess: (result) => {
      if (result.ok) queryClient.removeQueries({ queryKey: liveKeys.live(channelId, liveId) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: liveKeys.lists(channelId) }),
        queryClient.invalidateQueries({ queryKey: liveKeys.live(channelId, liveId) }),
      ]);
    },
  });
}
