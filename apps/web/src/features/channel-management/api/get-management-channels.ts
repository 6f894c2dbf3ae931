import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE_MANAGEMENT } from '@studio/contract/constants';
import { apiClient, schemaOf } from '../../../lib/api-client';
import { type ManagementChannelsParams, managementKeys } from './management-keys';

/** Loaded when an answer is checked, after the first page (docs/decisions/057). */
const managementSchemas = () => import('@studio/contract/management');

/** `filters` is the comma-joined token list (channel types, statuses, roles); empty means all. */
export function getManagementChannels({ filters, page }: ManagementChannelsParams, signal?: AbortSignal) {
  return apiClient.get('/api/channels/management', schemaOf(managementSchemas, 'ManagementChannelPage'), {
    query: { filters: filters || undefined, page, size: PAGE_SIZE_MANAGEMENT },
    signal,
  });
}

export function managementChannelsQueryOptions(params: ManagementChannelsParams) {
  return queryOptions({
    queryKey: managementKeys.channels(params),
    queryFn: ({ signal }) => getManagementChannels(params, signal),
  });
}
