import { PAGE_SIZE_NOTICE_DROPDOWN } from '@studio/contract/constants';
import type { Notice } from '@studio/contract/notice';

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
