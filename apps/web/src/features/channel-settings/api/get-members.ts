import { queryOptions } from '@tanstack/react-query';
import { type Member, MemberList } from '@studio/contract/member';
import { apiClient } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export function getMembers(channelId: number, signal?: AbortSignal): Promise<Member[]> {
  return apiClient.get(`/api/channels/${channelId}/members`, MemberList, { signal });
}

export function membersQueryOptions(channelId: number) {
  return queryOptions({
    queryKey: settingsKeys.members(channelId),
    queryFn: ({ signal }) => getMembers(channelId, signal),
  });
}
