import { queryOptions } from '@tanstack/react-query';
import { ChannelInsights, type InsightPeriod } from '@studio/contract/insights';
import { apiClient } from '../../../lib/api-client';

export function getChannelInsights(channelId: number, days: InsightPeriod, signal?: AbortSignal): Promise<ChannelInsights> {
  return apiClient.get(`/api/channels/${channelId}/insights?days=${days}`, ChannelInsights, { signal });
}

/** Under the channel's root key, so leaving a channel drops its insights with the rest. */
export function channelInsightsQueryOptions(channelId: number, days: InsightPeriod) {
  return queryOptions({
    queryKey: ['channel', channelId, 'insights', days] as const,
    queryFn: ({ signal }) => getChannelInsights(channelId, days, signal),
  });
}
