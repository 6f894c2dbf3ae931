import { queryOptions } from '@tanstack/react-query';
import { ChannelUserProfile } from '@studio/contract/member';
import { apiClient } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export function getChannelUserProfile(channelId: number, signal?: AbortSignal): Promise<ChannelUserProfile> {
  return apiClient.get(`/api/channels/${channelId}/user-profile`, ChannelUserProfile, { signal });
}

export function channelUserProfileQueryOptions(channelId: number) {
  return queryOptions({
    queryKey: settingsKeys.userProfile(channelId),
    queryFn: ({ signal }) => getChannelUserProfile(channelId, signal),
  });
}
