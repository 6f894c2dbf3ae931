import { queryOptions } from '@tanstack/react-query';
import type { ChannelUserProfile } from '@studio/contract/member';
import { apiClient, schemaOf } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

/** Loaded when an answer is checked, after the first page (docs/decisions/057). */
const memberSchemas = () => import('@studio/contract/member');

export function getChannelUserProfile(channelId: number, signal?: AbortSignal): Promise<ChannelUserProfile> {
  return apiClient.get(`/api/channels/${channelId}/user-profile`, schemaOf(memberSchemas, 'ChannelUserProfile'), { signal });
}

export function channelUserProfileQueryOptions(channelId: number) {
  return queryOptions({
    queryKey: settingsKeys.userProfile(channelId),
    queryFn: ({ signal }) => getChannelUserProfile(channelId, signal),
  });
}
