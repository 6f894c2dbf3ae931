import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { OperatorChannelPage } from '@studio/contract/operator';
import { apiClient } from '../../../lib/api-client';
import { type ChannelFilter, operatorKeys } from './operator-keys';

export const OPERATOR_PAGE_SIZE = 20;

export function getOperatorChannels(filter: ChannelFilter, signal?: AbortSignal) {
  return apiClient.get('/api/operator/channels', OperatorChannelPage, {
    query: { page: filter.page, size: OPERATOR_PAGE_SIZE, ...(filter.q ? { q: filter.q } : {}), ...(filter.status ? { status: filter.status } : {}) },
    signal,
  });
}

export function operatorChannelsQueryOptions(filter: ChannelFilter) {
  return queryOptions({
    queryKey: operatorKeys.channelPage(filter),
    queryFn: ({ signal }) => getOperatorChannels(filter, signal),
    placeholderData: keepPreviousData,
  });
}
