import { queryOptions } from '@tanstack/react-query';
import { PAGE_SIZE_MANAGEMENT } from '@studio/contract/constants';
import { OperatorApplicationPage } from '@studio/contract/application';
import { apiClient } from '../../../lib/api-client';
import { applicationKeys, type QueueParams } from './application-keys';

export function getOperatorApplications(params: QueueParams, signal?: AbortSignal) {
  return apiClient.get('/api/operator/applications', OperatorApplicationPage, { query: { ...params, size: PAGE_SIZE_MANAGEMENT }, signal });
}

export function operatorApplicationsQueryOptions(params: QueueParams) {
  return queryOptions({ queryKey: applicationKeys.queue(params), queryFn: ({ signal }) => getOperatorApplications(params, signal) });
}
