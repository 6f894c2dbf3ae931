import { sql } from 'kysely';
import type { Notification } from '@studio/contract/notification';
import type { NotificationGroup } from '@studio/contract/enums';
import { formatTimeString } from '@studio/contract/format';
import { toPage, type Page } from '@studio/contract/page';
import type { Db } from '../../db/schema';

export function notificationRepository(db: Db) {
  const forGroup = (userId: number, group: NotificationGroup, channelId?: number) => {
    let query = db.selectFrom('notifications').where('user_id', '=', userId);
    if (channelId !== undefined) query = query.where('channel_id', '=', channelId);
    // ADMIN: from the studio operator (no channel); CHANNEL: about one of the person's channels.
    if (group === 'ADMIN') query = query.where('channel_id', 'is', null);
    if (group === 'CHANNEL') query = query.where('channel_id', 'is not', null);
    return query;
  };

  return {
    async list(userId: number, group: NotificationGroup, page: number, size: number, now: Date, channelId?: number): Promise<Page<Notification>> {
      const [rows, total] = await Promise.all([
        forGroup(userId, group, channelId)
          .select(['id', 'message', 'image_url', 'read_at', 'created_at', 'landing_url', 'channel_id'])
          .orderBy('id', 'desc')
          .limit(size)
          .offset(page * size)
          .execute(),
        forGroup(userId, group, channelId).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return toPage(
        rows.map((row) => ({
          id: row.id,
          message: row.message,
          imageUrl: row.image_url,
          read: row.read_at !== null,
          timeString: formatTimeString(row.created_at, now),
          landingUrl: row.landing_url,
          channelId: row.channel_id,
        })),
        Number(total.count),
        page,
        size,
      );
    },
    async unreadCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    /** Reading twice keeps the first time it was read. */
    async markRead(userId: number, id: number): Promise<'ok' | 'missing' | 'foreign'> {
      const row = await db.selectFrom('notifications').select(['user_id']).where('id', '=', id).executeTakeFirst();
      if (!row) return 'missing';
      if (row.user_id !== userId) return 'foreign';
      await db
        .updateTable('notifications')
        .set({ read_at: sql`coalesce(read_at, now())` })
        .where('id', '=', id)
        .execute();
      return 'ok';
    },
    async markAllRead(userId: number): Promise<number> {
      const result = await db
        .updateTable('notifications')
        .set({ read_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
