import { queryOptions } from '@tanstack/react-query';
import type { NoticeCategory } from '@studio/contract/enums';
import { NoticePage } from '@studio/contract/notice';
import { apiClient } from '../../../lib/api-client';

type NoticeListParams = { category: NoticeCategory; page: number; size: number };

export function getNotices({ category, page, size }: NoticeListParams, signal?: AbortSignal) {
  return apiClient.get('/external/notices', NoticePage, { query: { page, size, consumerCategory: category }, signal });
}

export function noticesQueryOptions(params: NoticeListParams) {
  return queryOptions({
    queryKey: ['notices', 'list', params],
    queryFn: ({ signal }) => getNotices(params, signal),
    staleTime: 5 * 60_000,
  });
}
