import { queryOptions } from '@tanstack/react-query';
import { ChannelInviteList } from '@studio/contract/member';
import { apiClient } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export function getChannelInvites(channelId: number, signal?: AbortSignal) {
  return apiClient.get(`/api/channels/${channelId}/invites`, ChannelInviteList, { signal });
}

export function channelInvitesQueryOptions(channelId: number) {
  return queryOptions({
    queryKey: settingsKeys.invites(channelId),
    queryFn: ({ signal }) => getChannelInvites(channelId, signal),
  });
}
