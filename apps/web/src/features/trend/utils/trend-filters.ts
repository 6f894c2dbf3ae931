import { ChannelType, ContentKind } from '@studio/contract/enums';
import { TREND_DEFAULT_PERIOD, TrendPeriod } from '@studio/contract/trend';
import type { TrendFilters } from '../api/get-trend';

/** The channel types the trend offers as a filter: the portal's channels that publish contents (spec section 2: channel home). */
export const TREND_CHANNEL_TYPES = ['MEDIA_CHANNEL', 'CONTENTS_CHANNEL'] as const satisfies readonly ChannelType[];

/** The filters of the page's address; anything unknown reads as its default (all, the last 24 hours). */
export function trendFiltersOf(search: URLSearchParams): TrendFilters {
  const period = TrendPeriod.safeParse(search.get('period'));
  const kind = ContentKind.safeParse(search.get('kind'));
  const channelType = ChannelType.safeParse(search.get('channelType'));
  return {
    period: period.success ? period.data : TREND_DEFAULT_PERIOD,
    kind: kind.success ? kind.data : null,
    channelType: channelType.success ? channelType.data : null,
  };
}
