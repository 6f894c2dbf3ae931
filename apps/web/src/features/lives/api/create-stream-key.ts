import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedStreamKey, livePaths } from '@studio/contract/live';
import { apiClient } from '../../../lib/api-client';
import { withQuery } from './with-query';
import { streamKeyTitleToSend } from '../utils/stream-key-title';
import { streamKeysQueryOptions } from './get-stream-keys';

/** Spec section 7: `POST /lives/streams?title=`; the title is trimmed before sending. */
export function createStreamKey(channelId: number, title: string) {
  return apiClient.post(withQuery(`/api${livePaths.streamKeys(channelId)}`, { title: streamKeyTitleToSend(title) }), { schema: CreatedStreamKey });
}

export function useCreateStreamKey(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => createStreamKey(channelId, title),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: streamKeysQueryOptions(channelId).queryKey }),
  });
}
