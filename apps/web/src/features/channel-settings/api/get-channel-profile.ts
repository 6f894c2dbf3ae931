import { queryOptions } from '@tanstack/react-query';
import { ChannelProfile } from '@studio/contract/channel-profile';
import { apiClient } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export function getChannelProfile(channelId: number, signal?: AbortSignal): Promise<ChannelProfile> {
  return apiClient.get(`/api/channels/${channelId}/profile`, ChannelProfile, { signal });
}

export function channelProfileQueryOptions(channelId: number) {
  return queryOptions({
    queryKey: settingsKeys.profile(channelId),
    queryFn: ({ signal }) => getChannelProfile(channelId, signal),
  });
}
