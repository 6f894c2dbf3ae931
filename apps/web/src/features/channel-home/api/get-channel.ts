import { queryOptions } from '@tanstack/react-query';
import { ChannelDetail } from '@studio/contract/member';
import { apiClient } from '../../../lib/api-client';
import { channelKeys } from './channel-keys';

export function getChannel(channelId: number, signal?: AbortSignal): Promise<ChannelDetail> {
  return apiClient.get(`/api/channels/${channelId}`, ChannelDetail, { signal });
}

export function channelQueryOptions(channelId: number) {
  return queryOptions({
    queryKey: channelKeys.detail(channelId),
    queryFn: ({ signal }) => getChannel(channelId, signal),
  });
}
