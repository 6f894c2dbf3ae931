import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE_MANAGEMENT } from '@studio/contract/constants';
import { ManagementChannelPage } from '@studio/contract/management';
import { apiClient } from '../../../lib/api-client';
import { type ManagementChannelsParams, managementKeys } from './management-keys';

/** `filters` is the comma-joined token list (channel types, statuses, roles); empty means all. */
export function getManagementChannels({ filters, page }: ManagementChannelsParams, signal?: AbortSignal) {
  return apiClient.get('/api/channels/management', ManagementChannelPage, {
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
