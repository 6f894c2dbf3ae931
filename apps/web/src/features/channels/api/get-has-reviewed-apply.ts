import { queryOptions } from '@tanstack/react-query';
import type { HasReviewedApply } from '@studio/contract/channel';
import { apiClient, schemaOf } from '../../../lib/api-client';

/** Loaded when an answer is checked, after the first page (docs/decisions/057). */
const channelSchemas = () => import('@studio/contract/channel');

export function getHasReviewedApply(signal?: AbortSignal): Promise<HasReviewedApply> {
  return apiClient.get('/api/channels/management/has-reviewed-apply', schemaOf(channelSchemas, 'HasReviewedApply'), { signal });
}

export function hasReviewedApplyQueryOptions() {
  return queryOptions({
    queryKey: ['channels', 'management', 'has-reviewed-apply'],
    queryFn: ({ signal }) => getHasReviewedApply(signal),
    staleTime: 60_000,
  });
}
