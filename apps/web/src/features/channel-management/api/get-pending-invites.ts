import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE_MANAGEMENT } from '@studio/contract/constants';
import { apiClient, schemaOf } from '../../../lib/api-client';
import { managementKeys } from './management-keys';

/** Loaded when an answer is checked, after the first page (docs/decisions/057). */
const managementSchemas = () => import('@studio/contract/management');

/** Pending invites and ownership transfers for the signed-in person, newest first. */
export function getPendingInvites(page: number, signal?: AbortSignal) {
  return apiClient.get('/api/channels/management/invite', schemaOf(managementSchemas, 'PendingInvitePage'), {
    query: { page, size: PAGE_SIZE_MANAGEMENT },
    signal,
  });
}

export function pendingInvitesQueryOptions(page: number) {
  return queryOptions({
    queryKey: managementKeys.invites(page),
    queryFn: ({ signal }) => getPendingInvites(page, signal),
  });
}
