import { useMutation, useQueryClient } from '@tanstack/react-query';
import { livePaths } from '@studio/contract/live';
import { apiClient } from '../../../lib/api-client';
import { withQuery } from './with-query';
import { liveKeys } from './live-keys';
import { streamKeysQueryOptions } from './get-stream-keys';
import { asResult } from '../../../lib/result';

type Rename = { kampChannelId: string; title: string };

/** Spec section 7: `PUT /lives/streams/{kampChannelId}?title=`. */
export function renameStreamKey(channelId: number, { kampChannelId, title }: Rename) {
  return apiClient.put(withQuery(`/api${livePaths.streamKey(channelId, kampChannelId)}`, { title }));
}

/** A refused rename is the layer's to say ('Stream key edit failed'), so it comes back as a value, not a shared error toast. */
export function useRenameStreamKey(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rename: Rename) => asResult(renameStreamKey(channelId, rename), 'anyRefusal'),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: streamKeysQueryOptions(channelId).queryKey }),
        // Live pages show the key's title.
        queryClient.invalidateQueries({ queryKey: liveKeys.lives(channelId) }),
      ]),
  });
}
