import { queryOptions } from '@tanstack/react-query';
import { UnreadCount } from '@studio/contract/notification';
import { apiClient } from '../../../lib/api-client';
import { notificationKeys } from './notification-keys';

export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return apiClient.get('/api/my/notifications/unread', UnreadCount, { signal });
}

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    // The count is the badge on every page; refresh it while the studio stays open.
    refetchInterval: 60_000,
  });
}
