import { queryOptions } from '@tanstack/react-query';
import { Trend, type TrendPeriod } from '@studio/contract/trend';
import type { ChannelType, ContentKind } from '@studio/contract/enums';
import { apiClient } from '../../../lib/api-client';

export type TrendFilters = { period: TrendPeriod; kind: ContentKind | null; channelType: ChannelType | null };

/** `?period=…&kind=…&channelType=…`, a filter left out when it is "all". */
export function trendSearch(filters: TrendFilters): string {
  const search = new URLSearchParams({ period: filters.period });
  if (filters.kind) search.set('kind', filters.kind);
  if (filters.channelType) search.set('channelType', filters.channelType);
  return search.toString();
}

export function getTrend(filters: TrendFilters, signal?: AbortSignal): Promise<Trend> {
  return apiClient.get(`/api/trend?${trendSearch(filters)}`, Trend, { signal });
}

export function trendQueryOptions({ period, kind, channelType }: TrendFilters) {
  return queryOptions({
    queryKey: ['trend', period, kind, channelType] as const,
    queryFn: ({ signal }) => getTrend({ period, kind, channelType }, signal),
  });
}
