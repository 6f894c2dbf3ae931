import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateRestreamTargetBody, restreamPaths, RestreamTarget, UpdateRestreamTargetBody } from '@studio/contract/restream';
import { apiClient } from '../../../lib/api-client';
import { liveKeys } from './live-keys';

/** `POST /lives/streams/{kampChannelId}/restream-targets`: an address and its key (at most 3 per key). */
export function createRestreamTarget(channelId: number, kampChannelId: string, body: CreateRestreamTargetBody) {
  return apiClient.post(`/api${restreamPaths.targets(channelId, kampChannelId)}`, { bodySchema: CreateRestreamTargetBody, body, schema: RestreamTarget });
}

/** `PUT /lives/streams/{kampChannelId}/restream-targets/{targetId}`: without `key` the saved one is kept. */
export function updateRestreamTarget(channelId: number, kampChannelId: string, targetId: number, body: UpdateRestreamTargetBody) {
  return apiClient.put(`/api${restreamPaths.target(channelId, kampChannelId, targetId)}`, { bodySchema: UpdateRestreamTargetBody, body, schema: RestreamTarget });
}

/** `DELETE /lives/streams/{kampChannelId}/restream-targets/{targetId}`. */
export function removeRestreamTarget(channelId: number, kampChannelId: string, targetId: number) {
  return apiClient.delete(`/api${restreamPaths.target(channelId, kampChannelId, targetId)}`);
}

export type RestreamTargetChange =
  | { kind: 'create'; body: CreateRestreamTargetBody }
  | { kind: 'update'; targetId: number; body: UpdateRestreamTargetBody }
  | { kind: 'remove'; targetId: number };

/** One mutation for the section's three changes; each refetches the key's targets. */
export function useChangeRestreamTarget(channelId: number, kampChannelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: RestreamTargetChange) => {
      switch (change.kind) {
        case 'create':
          return void (await createRestreamTarget(channelId, kampChannelId, change.body));
        case 'update':
          return void (await updateRestreamTarget(channelId, kampChannelId, change.targetId, change.body));
        case 'remove':
          return removeRestreamTarget(channelId, kampChannelId, change.targetId);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: liveKeys.restreamTargets(channelId, kampChannelId) }),
  });
}
