import { queryOptions } from '@tanstack/react-query';
import { ActivityPage } from '@studio/contract/member';
import { apiClient } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

const ACTIVITY_PAGE_SIZE = 10;

export function getChannelActivity(channelId: number, page: number, signal?: AbortSignal) {
  return apiClient.get(`/api/channels/${channelId}/activity`, ActivityPage, {
    query: { page, size: ACTIVITY_PAGE_SIZE },
    signal,
  });
}

export function channelActivityQueryOptions(channelId: number, page: number) {
  return queryOptions({
    queryKey: settingsKeys.activityPage(channelId, page),
    queryFn: ({ signal }) => getChannelActivity(channelId, page, signal),
  });
}
