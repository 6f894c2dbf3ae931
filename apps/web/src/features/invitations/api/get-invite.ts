import { queryOptions } from '@tanstack/react-query';
import { type InviteDetail, InviteDetail as InviteDetailSchema } from '@studio/contract/member';
import { apiClient } from '../../../lib/api-client';

export function getInvite(id: number, signal?: AbortSignal): Promise<InviteDetail> {
  return apiClient.get(`/api/my/invites/${id}`, InviteDetailSchema, { signal });
}

export function inviteQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['my', 'invites', id],
    queryFn: ({ signal }) => getInvite(id, signal),
    // Once answered the invite is gone: never show a cached one when a popup opens again.
    gcTime: 0,
  });
}
