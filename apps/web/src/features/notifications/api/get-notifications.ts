import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { NotificationGroup } from '@studio/contract/enums';
import { NotificationPage } from '@studio/contract/notification';
import { apiClient } from '../../../lib/api-client';
import { type NotificationListParams, notificationKeys } from './notification-keys';

export function getNotifications(params: NotificationListParams & { cursor?: number }, signal?: AbortSignal) {
  return apiClient.get('/api/my/notifications', NotificationPage, { query: params, signal });
}

export function notificationsQueryOptions(params: NotificationListParams) {
  return queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) => getNotifications(params, signal),
  });
}

/** The alarm page's feed: pages as the person scrolls, each after the previous one's last id (keyset). */
export function notificationFeedQueryOptions(group: NotificationGroup, size: number) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.feed(group, size),
    queryFn: ({ pageParam, signal }) =>
      getNotifications({ group, page: 0, size, ...(pageParam === null ? {} : { cursor: pageParam }) }, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
