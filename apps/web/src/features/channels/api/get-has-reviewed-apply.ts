import { queryOptions } from '@tanstack/react-query';
import { HasReviewedApply } from '@studio/contract/channel';
import { apiClient } from '../../../lib/api-client';

export function getHasReviewedApply(signal?: AbortSignal): Promise<HasReviewedApply> {
  return apiClient.get('/api/channels/management/has-reviewed-apply', HasReviewedApply, { signal });
}

export function hasReviewedApplyQueryOptions() {
  return queryOptions({
    queryKey: ['channels', 'management', 'has-reviewed-apply'],
    queryFn: ({ signal }) => getHasReviewedApply(signal),
    staleTime: 60_000,
  });
}
