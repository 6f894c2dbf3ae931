import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { OperatorChannel, OperatorChannelUpdate } from '@studio/contract/operator';
import { apiClient } from '../../../lib/api-client';
import { operatorKeys } from './operator-keys';

type UpdateInput = z.input<typeof OperatorChannelUpdate>;

export function updateOperatorChannel(channelId: number, body: UpdateInput) {
  return apiClient.patch(`/api/operator/channels/${channelId}`, { bodySchema: OperatorChannelUpdate, body, schema: OperatorChannel });
}

/** Changes take effect on the server at once; the console's lists and the log are read again. */
export function useUpdateOperatorChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, body }: { channelId: number; body: UpdateInput }) => updateOperatorChannel(channelId, body),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: operatorKeys.channels() }), queryClient.invalidateQueries({ queryKey: operatorKeys.audit() })]),
  });
}
