import { queryOptions } from '@tanstack/react-query';
import type { TabCount } from '@studio/contract/management';
import { apiClient, schemaOf } from '../../../lib/api-client';
import { managementKeys } from './management-keys';

/** Loaded when an answer is checked, after the first page (docs/decisions/057). */
const managementSchemas = () => import('@studio/contract/management');

export function getTabCount(signal?: AbortSignal): Promise<TabCount> {
  return apiClient.get('/api/channels/management/tab-count', schemaOf(managementSchemas, 'TabCount'), { signal });
}

export function tabCountQueryOptions() {
  return queryOptions({
    queryKey: managementKeys.tabCount(),
    queryFn: ({ signal }) => getTabCount(signal),
  });
}
