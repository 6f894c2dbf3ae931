import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiClient } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { creatableChannelsQueryOptions } from '../../channels/api/get-creatable-channels';
import { myChannelsQueryOptions } from '../../channels/api/get-my-channels';
import { useChannelHomeT } from '../messages';
import { channelKeys } from './channel-keys';

export function leaveChannel(channelId: number): Promise<void> {
  return apiClient.post(`/api/channels/${channelId}/leave`);
}

/** Leaving ends on channel management, with the shell's channel lists refreshed. */
export function useLeaveChannel(channelId: number, channelName: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const t = useChannelHomeT();
  return useMutation({
    mutationFn: () => leaveChannel(channelId),
    onSuccess: async () => {
      showToast(t('leave.done', { channel: channelName }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myChannelsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: creatableChannelsQueryOptions().queryKey }),
        navigate('/channels/management'),
      ]);
      // Only once the page is gone: dropping its data while it is shown would refetch it (and fail with 403).
      queryClient.removeQueries({ queryKey: channelKeys.channel(channelId) });
    },
  });
}
