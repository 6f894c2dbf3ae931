import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NotificationPreferences } from '@studio/contract/notification-preferences';
import { apiClient } from '../../../lib/api-client';
import { notificationPreferencesQueryOptions } from './get-notification-preferences';

export function saveNotificationPreferences(body: NotificationPreferences): Promise<NotificationPreferences> {
  return apiClient.put('/api/my/notifications/preferences', { bodySchema: NotificationPreferences, body, schema: NotificationPreferences });
}

/** Shown switched at once; the server's answer settles it, and a failure puts back what was saved. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = notificationPreferencesQueryOptions();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onMutate: async (wanted) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, wanted);
      return { before };
    },
    onError: (_error, _wanted, context) => {
      if (context?.before) queryClient.setQueryData(queryKey, context.before);
    },
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
}
