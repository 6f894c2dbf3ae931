import { useCallback, useMemo } from 'react';
import { CHANNEL_STATUS_VALUES, CHANNEL_TYPE_VALUES, MEMBER_ROLE_VALUES, oneOf } from '@studio/contract/enum-values';
import type { ChannelType } from '@studio/contract/enums';
import { type ManagementFilters, splitManagementFilters } from '@studio/contract/management-values';
import { useLatestSearchParams } from '../../../components/routing/use-latest-search-params';

export const managementTabs = ['channels', 'apply', 'invite'] as const;
export type ManagementTab = (typeof managementTabs)[number];

/** Everything the page shows lives in the URL, so reload and back restore it. */
export type ManagementSearch = {
  tab: ManagementTab;
  page: number;
  filters: ManagementFilters;
  /** The apply-result tab's own filter. */
  channelType: ChannelType | null;
};

export const noFilters: ManagementFilters = { channelTypes: [], statuses: [], roles: [] };

const unique = <T>(values: T[]) => [...new Set(values)];

/** The `filters` param as the three kinds; unknown tokens are dropped rather than sent (the server answers 400). */
export function parseFiltersParam(value: string | null): ManagementFilters {
  const tokens = (value ?? '').split(',').map((token) => token.trim()).filter(Boolean);
  const { channelTypes, statuses, roles } = splitManagementFilters(tokens);
  return { channelTypes: unique(channelTypes), statuses: unique(statuses), roles: unique(roles) };
}

/** The comma-joined `filters` param, in enumeration order so one selection has one URL. */
export function toFiltersParam(filters: ManagementFilters): string {
  return [
    ...CHANNEL_TYPE_VALUES.filter((value) => filters.channelTypes.includes(value)),
    ...CHANNEL_STATUS_VALUES.filter((value) => filters.statuses.includes(value)),
    ...MEMBER_ROLE_VALUES.filter((value) => filters.roles.includes(value)),
  ].join(',');
}

export function hasFilters(filters: ManagementFilters): boolean {
  return filters.channelTypes.length + filters.statuses.length + filters.roles.length > 0;
}

export type FilterKind = keyof ManagementFilters;

export function toggleFilter(filters: ManagementFilters, kind: FilterKind, value: string): ManagementFilters {
  const current: string[] = filters[kind];
  const next = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
  return { ...filters, [kind]: next };
}

function pageFrom(value: string | null): number {
  const page = Number(value);
  return value !== null && Number.isInteger(page) && page >= 0 && page <= 100_000 ? page : 0;
}

export function readManagementSearch(params: URLSearchParams): ManagementSearch {
  const tab = managementTabs.find((value) => value === params.get('tab')) ?? 'channels';
  const channelType = params.get('channelType');
  return {
    tab,
    page: pageFrom(params.get('page')),
    filters: parseFiltersParam(params.get('filters')),
    channelType: oneOf(CHANNEL_TYPE_VALUES, channelType) ? channelType : null,
  };
}

/** Defaults are left out: `/channels/management` is the first page of my channels, unfiltered. */
export function toManagementSearchParams(search: ManagementSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.tab !== 'channels') params.set('tab', search.tab);
  if (search.page > 0) params.set('page', String(search.page));
  const filters = toFiltersParam(search.filters);
  if (filters) params.set('filters', filters);
  if (search.channelType) params.set('channelType', search.channelType);
  return params;
}

/** `search` is what is on screen; `latest` what was last chosen (ahead of it while the next page loads), and updates build on it. */
export function useManagementSearch() {
  const { shown, latest: latestParams, setSearchParams } = useLatestSearchParams();
  const search = useMemo(() => readManagementSearch(shown), [shown]);
  const latest = useMemo(() => readManagementSearch(latestParams), [latestParams]);
  const update = useCallback(
    (next: Partial<ManagementSearch>) => setSearchParams(toManagementSearchParams({ ...latest, ...next }), { preventScrollReset: true }),
    [latest, setSearchParams],
  );
  return [search, update, latest] as const;
}
