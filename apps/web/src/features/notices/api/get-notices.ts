import { queryOptions, useQueries } from '@tanstack/react-query';
import { PAGE_SIZE_NOTICE_DROPDOWN } from '@studio/contract/constants';
import type { NoticeCategory } from '@studio/contract/enums';
import { NoticePage } from '@studio/contract/notice';
import { apiClient } from '../../../lib/api-client';
import { mergeDropdownNotices } from '../utils/dropdown-notices';

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

/** The header's dropdown: the first page of important and of ordinary notices, merged. */
export function useDropdownNotices() {
  const [important, ordinary] = useQueries({
    queries: [
      noticesQueryOptions({ category: 'STUDIO_IMPORTANT', page: 0, size: PAGE_SIZE_NOTICE_DROPDOWN }),
      noticesQueryOptions({ category: 'STUDIO', page: 0, size: PAGE_SIZE_NOTICE_DROPDOWN }),
    ],
  });
  const error = important.error ?? ordinary.error;
  return {
    notices: important.data && ordinary.data ? mergeDropdownNotices(important.data.content, ordinary.data.content) : undefined,
    isPending: important.isPending || ordinary.isPending,
    error,
    retry: () => {
      if (important.isError) void important.refetch();
      if (ordinary.isError) void ordinary.refetch();
    },
  };
}
