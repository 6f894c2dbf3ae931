import type { NotificationGroup } from '@studio/contract/enums';
import type { Db } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { notificationRepository, type NotificationSlice } from './notification-repository';

/** A person's notifications: their pages, and marking them read (only their own). */
export function notificationService(db: Db) {
  const notifications = notificationRepository(db);
  return {
    /** A page of the person's notifications of a group, or of those about one channel. */
    list: (userId: number, group: NotificationGroup, slice: NotificationSlice, channelId?: number) => notifications.list(userId, group, slice, channelId),

    /** Marks one notification read; repeating it is harmless. */
    async markRead(userId: number, id: number, at: Date): Promise<void> {
      const result = await notifications.markRead(userId, id, at);
      if (result === 'missing') throw notFound('notification');
      if (result === 'foreign') throw forbidden();
    },

    async markAllRead(userId: number, at: Date): Promise<void> {
      await notifications.markAllRead(userId, at);
    },
  };
}
