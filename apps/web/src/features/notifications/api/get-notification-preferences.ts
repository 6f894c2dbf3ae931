import { queryOptions } from '@tanstack/react-query';
import { NotificationPreferences } from '@studio/contract/notification-preferences';
import { apiClient } from '../../../lib/api-client';

export function getNotificationPreferences(signal?: AbortSignal): Promise<NotificationPreferences> {
  return apiClient.get('/api/my/notifications/preferences', NotificationPreferences, { signal });
}

export function notificationPreferencesQueryOptions() {
  return queryOptions({ queryKey: ['my', 'notifications', 'preferences'], queryFn: ({ signal }) => getNotificationPreferences(signal) });
}
