import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE_MANAGEMENT } from '@studio/contract/constants';
import { ApplyResultPage } from '@studio/contract/management';
import { apiClient } from '../../../lib/api-client';
import { type ApplyResultsParams, managementKeys } from './management-keys';

export function getApplyResults({ channelType, page }: ApplyResultsParams, signal?: AbortSignal) {
  return apiClient.get('/api/channels/management/apply-result', ApplyResultPage, {
    query: { page, size: PAGE_SIZE_MANAGEMENT, channelType },
    signal,
  });
}

export function applyResultsQueryOptions(params: ApplyResultsParams) {
  return queryOptions({
    queryKey: managementKeys.applyResults(params),
    queryFn: ({ signal }) => getApplyResults(params, signal),
  });
}
