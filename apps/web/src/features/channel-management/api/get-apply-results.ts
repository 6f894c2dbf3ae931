import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE_MANAGEMENT } from '@studio/contract/constants';
import { apiClient, schemaOf } from '../../../lib/api-client';
import { type ApplyResultsParams, managementKeys } from './management-keys';

/** Loaded when an answer is checked, after the first page (docs/decisions/057). */
const managementSchemas = () => import('@studio/contract/management');

export function getApplyResults({ channelType, page }: ApplyResultsParams, signal?: AbortSignal) {
  return apiClient.get('/api/channels/management/apply-result', schemaOf(managementSchemas, 'ApplyResultPage'), {
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
