import { queryOptions } from '@tanstack/react-query';
import { NotificationPage } from '@studio/contract/notification';
import { apiClient } from '../../../lib/api-client';
import { type NotificationListParams, notificationKeys } from './notification-keys';

export function getNotifications(params: NotificationListParams, signal?: AbortSignal) {
  return apiClient.get('/api/my/notifications', NotificationPage, { query: params, signal });
}

export function notificationsQueryOptions(params: NotificationListParams) {
  return queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) => getNotifications(params, signal),
  });
}
