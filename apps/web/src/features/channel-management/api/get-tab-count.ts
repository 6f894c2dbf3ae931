import { queryOptions } from '@tanstack/react-query';
import { TabCount } from '@studio/contract/management';
import { apiClient } from '../../../lib/api-client';
import { managementKeys } from './management-keys';

export function getTabCount(signal?: AbortSignal): Promise<TabCount> {
  return apiClient.get('/api/channels/management/tab-count', TabCount, { signal });
}

export function tabCountQueryOptions() {
  return queryOptions({
    queryKey: managementKeys.tabCount(),
    queryFn: ({ signal }) => getTabCount(signal),
  });
}
