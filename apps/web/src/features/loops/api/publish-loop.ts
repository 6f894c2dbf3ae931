import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedContent } from '@studio/contract/content';
import { PublishLoopBody, type PublishLoopInput } from '@studio/contract/loop';
import { apiClient } from '../../../lib/api-client';
import { loopQueryOptions } from './get-loop';
import { loopsQueryOptions } from './get-loops';

/** Publishes a processed loop as a content (now or reserved); the loop then names its content. */
export function usePublishLoop(channelId: number, loopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishLoopInput) =>
      apiClient.post(`/api/channels/${channelId}/loops/${loopId}/publish`, { bodySchema: PublishLoopBody, body, schema: CreatedContent }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: loopQueryOptions(channelId, loopId).queryKey });
      void queryClient.invalidateQueries({ queryKey: loopsQueryOptions(channelId).queryKey });
    },
  });
}
