import type { NotificationGroup } from '@studio/contract/enums';

export type NotificationListParams = { group: NotificationGroup; page: number; size: number };

/** One root so a read invalidates every list and the unread count together. */
export const notificationKeys = {
  all: ['my', 'notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (params: NotificationListParams) => [...notificationKeys.lists(), params] as const,
  feed: (group: NotificationGroup, size: number) => [...notificationKeys.lists(), 'feed', { group, size }] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
};
