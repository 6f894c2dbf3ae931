import { useCallback, useMemo } from 'react';
import { CONTENT_SEARCH_MAX, CONTENT_SORT_VALUES, type ContentSort, decodeContentCursor } from '@studio/contract/content-values';
import { CONTENT_KIND_VALUES, CONTENT_STATUS_VALUES, oneOf } from '@studio/contract/enum-values';
import type { ContentKind, ContentStatus } from '@studio/contract/enums';
import { useLatestSearchParams } from '../../../components/routing/use-latest-search-params';

export const CONTENT_PAGE_SIZE = 10;

type ContentFilters = {
  statuses: ContentStatus[];
  kinds: ContentKind[];
  /** Words the title contains; '' for none. */
  q: string;
  sort: ContentSort;
  /** The date range as the person chose it: local days `YYYY-MM-DD`, both ends included; '' for open. */
  from: string;
  to: string;
};
/** A page is reached by a cursor (keyset paging): `after` the previous page, or `before` the next one; `page` is only the number shown. */
export type ContentListParams = ContentFilters & { after: string; before: string; page: number };

const DEFAULT_SORT: ContentSort = 'NEWEST';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Only known values, each once, in the enumeration's order: a hand-edited URL never reaches the server as a 400. */
function pick<T extends string>(raw: string | null, allowed: readonly T[]): T[] {
  const given = new Set((raw ?? '').split(',').map((part) => part.trim()));
  return allowed.filter((value) => given.has(value));
}

/** A local day, or '' when it is not one. */
function day(raw: string | null): string {
  if (!raw || !DAY.test(raw)) return '';
  return Number.isNaN(localMidnight(raw).getTime()) ? '' : raw;
}

function localMidnight(value: string): Date {
  const [year, month, date] = value.split('-').map(Number) as [number, number, number];
  const at = new Date(year, month - 1, date);
  return at.getFullYear() === year && at.getMonth() === month - 1 && at.getDate() === date ? at : new Date(Number.NaN);
}

/** The start of the local day after `value`: the range's exclusive end. */
function nextLocalMidnight(value: string): Date {
  const at = localMidnight(value);
  return new Date(at.getFullYear(), at.getMonth(), at.getDate() + 1);
}

/**
 * The contents list state as it lives in the URL
 * (`?q=봄&sort=MOST_VIEWED&status=DRAFT,HIDDEN&kind=POST&from=2026-11-01&to=2026-11-30&after=…&page=1`),
 * so reload, back and a shared link keep it. A cursor of another sort is dropped (the first page).
 */
export function parseContentParams(search: URLSearchParams): ContentListParams {
  const wanted = search.get('sort');
  const sort = oneOf(CONTENT_SORT_VALUES, wanted) ? wanted : DEFAULT_SORT;
  const cursor = (raw: string | null) => (raw && decodeContentCursor(raw)?.sort === sort ? raw : '');
  const after = cursor(search.get('after'));
  const before = after ? '' : cursor(search.get('before'));
  const page = Number(search.get('page'));
  let from = day(search.get('from'));
  let to = day(search.get('to'));
  if (from && to && from > to) [from, to] = [to, from];
  return {
    statuses: pick(search.get('status'), CONTENT_STATUS_VALUES),
    kinds: pick(search.get('kind'), CONTENT_KIND_VALUES),
    q: (search.get('q') ?? '').trim().slice(0, CONTENT_SEARCH_MAX),
    sort,
    from,
    to,
    after,
    before,
    page: (after || before) && Number.isInteger(page) && page > 0 ? page : 0,
  };
}

export function toSearchParams(params: ContentListParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.sort !== DEFAULT_SORT) search.set('sort', params.sort);
  if (params.statuses.length > 0) search.set('status', params.statuses.join(','));
  if (params.kinds.length > 0) search.set('kind', params.kinds.join(','));
  if (params.from) search.set('from', params.from);
  if (params.to) search.set('to', params.to);
  if (params.page > 0 && params.after) search.set('after', params.after);
  else if (params.page > 0 && params.before) search.set('before', params.before);
  if (params.page > 0 && (params.after || params.before)) search.set('page', String(params.page));
  return search;
}

/** The query of GET /api/channels/{id}/contents: comma-joined filters, the local days as instants, empty parts left out. */
export function contentListQuery(params: ContentListParams) {
  return {
    status: params.statuses.length > 0 ? params.statuses.join(',') : undefined,
    kind: params.kinds.length > 0 ? params.kinds.join(',') : undefined,
    q: params.q || undefined,
    sort: params.sort,
    from: params.from ? localMidnight(params.from).toISOString() : undefined,
    to: params.to ? nextLocalMidnight(params.to).toISOString() : undefined,
    after: params.after || undefined,
    before: params.before || undefined,
    page: params.page,
    size: CONTENT_PAGE_SIZE,
  };
}

export const NO_FILTERS = { statuses: [], kinds: [], q: '', from: '', to: '' } satisfies Omit<ContentFilters, 'sort'>;

export function hasFilters(filters: Omit<ContentFilters, 'sort'>): boolean {
  return filters.statuses.length > 0 || filters.kinds.length > 0 || filters.q !== '' || filters.from !== '' || filters.to !== '';
}

/** `params` is what is on screen; `latest` what was last chosen (ahead of it while the next page loads), and updates build on it. */
export function useContentFilters() {
  const { shown, latest: latestParams, setSearchParams } = useLatestSearchParams();
  const params = useMemo(() => parseContentParams(shown), [shown]);
  const latest = useMemo(() => parseContentParams(latestParams), [latestParams]);
  const update = useCallback(
    (next: Partial<ContentListParams>) => {
      // A filter or sort change starts again from the first page (no cursor).
      const paging = next.page !== undefined ? { page: next.page, after: next.after ?? '', before: next.before ?? '' } : { page: 0, after: '', before: '' };
      setSearchParams(toSearchParams({ ...latest, ...next, ...paging }), { preventScrollReset: true });
    },
    [latest, setSearchParams],
  );
  return { params, latest, update };
}
