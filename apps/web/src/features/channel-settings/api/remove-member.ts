import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';
import { membersQueryOptions } from './get-members';

export function removeMember(channelId: number, userId: number): Promise<void> {
  return apiClient.delete(`/api/channels/${channelId}/members/${userId}`);
}

export function useRemoveMember(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => removeMember(channelId, userId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryOptions(channelId).queryKey }),
        queryClient.invalidateQueries({ queryKey: settingsKeys.activity(channelId) }),
      ]),
  });
}
