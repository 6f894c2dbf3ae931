import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChannelProfileSaved, ChannelProfileUpdate, type ChannelProfileUpdateInput } from '@studio/contract/channel-profile';
import { apiClient } from '../../../lib/api-client';
import { myChannelsQueryOptions } from '../../channels/api/get-my-channels';
import { channelProfileQueryOptions } from './get-channel-profile';
import { settingsKeys } from './settings-keys';

export function saveChannelProfile(channelId: number, body: ChannelProfileUpdateInput): Promise<ChannelProfileSaved> {
  return apiClient.put(`/api/channels/${channelId}/profile`, { bodySchema: ChannelProfileUpdate, body, schema: ChannelProfileSaved });
}

/**
 * Failures go to the shared handler: the form refuses what the server would
 * before sending. A real change makes the channel's name and image stale
 * everywhere: its home, its settings and the side menu's list.
 */
export function useSaveChannelProfile(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChannelProfileUpdateInput) => saveChannelProfile(channelId, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(channelProfileQueryOptions(channelId).queryKey, saved.profile);
      if (saved.changed.length === 0) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.channel(channelId) }),
        queryClient.invalidateQueries({ queryKey: myChannelsQueryOptions().queryKey }),
      ]);
    },
  });
}
