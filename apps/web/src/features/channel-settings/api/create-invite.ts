import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { CreatedInvite, CreateInviteBody } from '@studio/contract/member';
import { apiClient } from '../../../lib/api-client';
import { asResult } from '../../../lib/result';
import { channelInvitesQueryOptions } from './get-channel-invites';
import { settingsKeys } from './settings-keys';

/** Refusals that are about the login typed into the form. */
const inviteFieldErrorCodes: ReadonlySet<string> = new Set([
  'ACCOUNT_NOT_FOUND',
  'ALREADY_MEMBER',
  'ALREADY_INVITED',
  'CANNOT_TARGET_SELF',
  'VALIDATION_FAILED',
]);

type InviteInput = z.input<typeof CreateInviteBody>;

export function createInvite(channelId: number, input: InviteInput) {
  return apiClient.post(`/api/channels/${channelId}/invites`, { bodySchema: CreateInviteBody, body: input, schema: CreatedInvite });
}

export function useCreateInvite(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) => asResult(createInvite(channelId, input), inviteFieldErrorCodes),
    onSuccess: async (result) => {
      if (!result.ok) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: channelInvitesQueryOptions(channelId).queryKey }),
        queryClient.invalidateQueries({ queryKey: settingsKeys.activity(channelId) }),
      ]);
    },
  });
}
