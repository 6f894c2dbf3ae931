import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreatedTransfer, CreateTransferBody } from '@studio/contract/member';
import { apiClient } from '../../../lib/api-client';
import { asResult } from '../../../lib/result';
import { channelTransfersQueryOptions } from './get-channel-transfers';
import { settingsKeys } from './settings-keys';

/** Refusals that are about the login typed into the form, or that a request is already pending. */
const transferFieldErrorCodes: ReadonlySet<string> = new Set([
  'ACCOUNT_NOT_FOUND',
  'CANNOT_TARGET_SELF',
  'TRANSFER_ALREADY_PENDING',
  'VALIDATION_FAILED',
]);

export function createTransfer(channelId: number, login: string) {
  return apiClient.post(`/api/channels/${channelId}/transfers`, { bodySchema: CreateTransferBody, body: { login }, schema: CreatedTransfer });
}

export function useCreateTransfer(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (login: string) => asResult(createTransfer(channelId, login), transferFieldErrorCodes),
    onSuccess: async (result) => {
      // TRANSFER_ALREADY_PENDING means the list on screen is stale: refresh it either way.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: channelTransfersQueryOptions(channelId).queryKey }),
        result.ok ? queryClient.invalidateQueries({ queryKey: settingsKeys.activity(channelId) }) : undefined,
      ]);
    },
  });
}
