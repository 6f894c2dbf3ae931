import { useCallback, useMemo } from 'react';
import { ContentKind, ContentStatus } from '@studio/contract/enums';
import { useLatestSearchParams } from '../../../components/routing/use-latest-search-params';

export const CONTENT_PAGE_SIZE = 10;

type ContentFilters = { statuses: ContentStatus[]; kinds: ContentKind[] };
export type ContentListParams = ContentFilters & { page: number };

/** Only known values, each once, in the enumeration's order: a hand-edited URL never reaches the server as a 400. */
function pick<T extends string>(raw: string | null, allowed: readonly T[]): T[] {
  const given = new Set((raw ?? '').split(',').map((part) => part.trim()));
  return allowed.filter((value) => given.has(value));
}

/** The contents list state as it lives in the URL (`?status=DRAFT,HIDDEN&kind=POST&page=1`), so reload and back keep it. */
export function parseContentParams(search: URLSearchParams): ContentListParams {
  const page = Number(search.get('page'));
  return {
    statuses: pick(search.get('status'), ContentStatus.options),
    kinds: pick(search.get('kind'), ContentKind.options),
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
}

export function toSearchParams(params: ContentListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.statuses.length > 0) search.set('status', params.statuses.join(','));
  if (params.kinds.length > 0) search.set('kind', params.kinds.join(','));
  if (params.page > 0) search.set('page', String(params.page));
  return search;
}

/** The query of GET /api/channels/{id}/contents: comma-joined filters, left out when empty. */
export function contentListQuery(params: ContentListParams) {
  return {
    status: params.statuses.length > 0 ? params.statuses.join(',') : undefined,
    kind: params.kinds.length > 0 ? params.kinds.join(',') : undefined,
    page: params.page,
    size: CONTENT_PAGE_SIZE,
  };
}

export function hasFilters(filters: ContentFilters): boolean {
  return filters.statuses.length > 0 || filters.kinds.length > 0;
}

/** `params` is what is on screen; `latest` what was last chosen (ahead of it while the next page loads), and updates build on it. */
export function useContentFilters() {
  const { shown, latest: latestParams, setSearchParams } = useLatestSearchParams();
  const params = useMemo(() => parseContentParams(shown), [shown]);
  const latest = useMemo(() => parseContentParams(latestParams), [latestParams]);
  const update = useCallback(
    (next: Partial<ContentListParams>) => {
      // A filter change starts again from the first page.
      const page = next.page ?? 0;
      setSearchParams(toSearchParams({ ...latest, ...next, page }), { preventScrollReset: true });
    },
    [latest, setSearchParams],
  );
  return { params, latest, update };
}
