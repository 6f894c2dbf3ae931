import { queryOptions } from '@tanstack/react-query';
import { NoticeDetail } from '@studio/contract/notice';
import { apiClient } from '../../../lib/api-client';

export function getNotice(contentId: number, signal?: AbortSignal): Promise<NoticeDetail> {
  return apiClient.get(`/external/notices/${contentId}`, NoticeDetail, { signal });
}

export function noticeQueryOptions(contentId: number) {
  return queryOptions({
    queryKey: ['notices', 'detail', contentId],
    queryFn: ({ signal }) => getNotice(contentId, signal),
    staleTime: 5 * 60_000,
  });
}
