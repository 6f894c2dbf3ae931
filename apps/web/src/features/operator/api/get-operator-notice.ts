import { queryOptions } from '@tanstack/react-query';
import { OperatorNotice } from '@studio/contract/operator';
import { apiClient } from '../../../lib/api-client';
import { operatorKeys } from './operator-keys';

export function getOperatorNotice(id: number, signal?: AbortSignal) {
  return apiClient.get(`/api/operator/notices/${id}`, OperatorNotice, { signal });
}

export function operatorNoticeQueryOptions(id: number) {
  return queryOptions({ queryKey: operatorKeys.notice(id), queryFn: ({ signal }) => getOperatorNotice(id, signal) });
}
