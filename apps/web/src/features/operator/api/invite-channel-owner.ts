import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OwnerInviteBody, OwnerInviteCreated } from '@studio/contract/operator';
import { apiClient } from '../../../lib/api-client';
import { asResult } from '../../../lib/result';
import { loginFieldCodes } from './login-field-codes';
import { operatorKeys } from './operator-keys';

export function inviteChannelOwner(channelId: number, login: string) {
  return apiClient.post(`/api/operator/channels/${channelId}/owner-invite`, { bodySchema: OwnerInviteBody, body: { login }, schema: OwnerInviteCreated });
}

export function useInviteChannelOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, login }: { channelId: number; login: string }) => asResult(inviteChannelOwner(channelId, login), loginFieldCodes),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: operatorKeys.channels() }), queryClient.invalidateQueries({ queryKey: operatorKeys.audit() })]),
  });
}
