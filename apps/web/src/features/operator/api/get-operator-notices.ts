import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { OperatorNoticePage } from '@studio/contract/operator';
import { apiClient } from '../../../lib/api-client';
import { type NoticeFilter, operatorKeys } from './operator-keys';

const NOTICE_PAGE_SIZE = 20;

export function getOperatorNotices(filter: NoticeFilter, signal?: AbortSignal) {
  return apiClient.get('/api/operator/notices', OperatorNoticePage, {
    query: { page: filter.page, size: NOTICE_PAGE_SIZE, ...(filter.category ? { category: filter.category } : {}) },
    signal,
  });
}

export function operatorNoticesQueryOptions(filter: NoticeFilter) {
  return queryOptions({
    queryKey: operatorKeys.noticePage(filter),
    queryFn: ({ signal }) => getOperatorNotices(filter, signal),
    placeholderData: keepPreviousData,
  });
}
