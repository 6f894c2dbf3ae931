import { useQueries } from '@tanstack/react-query';
import { PAGE_SIZE_NOTICE_DROPDOWN } from '@studio/contract/constants';
import type { Notice } from '@studio/contract/notice';
import { noticesQueryOptions } from '../api/get-notices';

/** Important notices first, then ordinary ones, at most `limit` in total. */
export function mergeDropdownNotices(important: Notice[], ordinary: Notice[], limit = PAGE_SIZE_NOTICE_DROPDOWN): Notice[] {
  const seen = new Set<number>();
  const merged: Notice[] = [];
  for (const notice of [...important, ...ordinary]) {
    if (merged.length === limit) break;
    if (seen.has(notice.contentId)) continue;
    seen.add(notice.contentId);
    merged.push(notice);
  }
  return merged;
}

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
