import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { channelInvitesQueryOptions } from './get-channel-invites';
import { settingsKeys } from './settings-keys';

export function cancelInvite(channelId: number, inviteId: number): Promise<void> {
  return apiClient.delete(`/api/channels/${channelId}/invites/${inviteId}`);
}

export function useCancelInvite(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: number) => cancelInvite(channelId, inviteId),
    // Also on failure: an invite answered meanwhile (409) leaves the list stale.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: channelInvitesQueryOptions(channelId).queryKey }),
        queryClient.invalidateQueries({ queryKey: settingsKeys.activity(channelId) }),
      ]),
  });
}
