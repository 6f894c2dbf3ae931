import { queryOptions } from '@tanstack/react-query';
import type { UnreadCount } from '@studio/contract/unread-count';
import { apiClient, schemaOf } from '../../../lib/api-client';
import { notificationKeys } from './notification-keys';

/** Loaded when an answer is checked, after the first page (docs/decisions/057). */
const unreadCountSchemas = () => import('@studio/contract/unread-count');

export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return apiClient.get('/api/my/notifications/unread', schemaOf(unreadCountSchemas, 'UnreadCount'), { signal });
}

export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    // The badge on every page, shared by the button and the open panel; the notification stream
    // (use-notification-stream) sets it as it changes, so it is not polled.
    staleTime: 30_000,
  });
}
