import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { channelTransfersQueryOptions } from './get-channel-transfers';
import { settingsKeys } from './settings-keys';

export function cancelTransfer(channelId: number, transferId: number): Promise<void> {
  return apiClient.delete(`/api/channels/${channelId}/transfers/${transferId}`);
}

export function useCancelTransfer(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (transferId: number) => cancelTransfer(channelId, transferId),
    // Also on failure: a transfer answered meanwhile (409) leaves the list stale.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: channelTransfersQueryOptions(channelId).queryKey }),
        queryClient.invalidateQueries({ queryKey: settingsKeys.activity(channelId) }),
      ]),
  });
}
