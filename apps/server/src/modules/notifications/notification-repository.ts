import { sql, type Insertable, type Transaction } from 'kysely';
import type { NotificationGroup } from '@studio/contract/enums';
import type { Notification, NotificationParams, NotificationType } from '@studio/contract/notification';
import { toPage, type Page } from '@studio/contract/page';
import type { Database, Db } from '../../db/schema';
import { koreanNotificationText } from './notification-text';

type Executor = Db | Transaction<Database>;

type NewNotification = {
  userId: number;
  channelId: number | null;
  landingUrl: string | null;
  at: Date;
} & (
  | { type: Exclude<NotificationType, 'OPERATOR_MESSAGE'>; params: NotificationParams }
  | { type: 'OPERATOR_MESSAGE'; params?: NotificationParams; message: string }
);

/** Writes a notification inside the caller's transaction, so it exists exactly when the change it reports does. */
export async function insertNotification(db: Executor, entry: NewNotification): Promise<number> {
  const params = entry.params ?? {};
  const message = entry.type === 'OPERATOR_MESSAGE' ? entry.message : koreanNotificationText(entry.type, params);
  const row = await db
    .insertInto('notifications')
    .values({
      user_id: entry.userId,
      channel_id: entry.channelId,
      type: entry.type,
      params: JSON.stringify(params),
      message,
      landing_url: entry.landingUrl,
      image_url: null,
      created_at: entry.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Where the notification of a pending invitation leads: the alarm page, which opens its popup. */
export const inviteLandingUrl = (inviteId: number) => `/studio/profile/alarm#inviteObjectId=${inviteId}`;
export const transferLandingUrl = (transferId: number) => `/studio/profile/alarm#transferObjectId=${transferId}`;

/**
 * An answered invitation's notification has nothing left to act on: it is
 * read from then on, wherever the answer was given (management tab, alarm page).
 * Only unread rows of one person are touched (the partial unread index).
 */
export async function markAnsweredInvitationRead(db: Executor, userId: number, landingUrl: string, at: Date): Promise<void> {
  await db.updateTable('notifications').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null).where('landing_url', '=', landingUrl).execute();
}

/** A notification as stored; the spec's `timeString` is added where the answer is written. */
export type NotificationRecord = Omit<Notification, 'timeString' | 'createdAt'> & { createdAt: Date };

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
    async list(userId: number, group: NotificationGroup, page: number, size: number, channelId?: number): Promise<Page<NotificationRecord>> {
      const [rows, total] = await Promise.all([
        forGroup(userId, group, channelId)
          .select(['id', 'type', 'params', 'message', 'image_url', 'read_at', 'created_at', 'landing_url', 'channel_id'])
          .orderBy('id', 'desc')
          .limit(size)
          .offset(page * size)
          .execute(),
        forGroup(userId, group, channelId).select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return toPage(
        rows.map((row) => ({
          id: row.id,
          type: row.type,
          params: row.params,
          message: row.message,
          imageUrl: row.image_url,
          read: row.read_at !== null,
          createdAt: row.created_at,
          landingUrl: row.landing_url,
          channelId: row.channel_id,
        })),
        Number(total.count),
        page,
        size,
      );
    },
    /** Kept by a trigger in the transaction of every change (migration 0005): one row by key, no COUNT(*). */
    async unreadCount(userId: number): Promise<number> {
      const row = await db.selectFrom('user_counters').select('unread_notifications').where('user_id', '=', userId).executeTakeFirst();
      return row?.unread_notifications ?? 0;
    },
    /** Reading twice keeps the first time it was read. */
    async markRead(userId: number, id: number, at: Date): Promise<'ok' | 'missing' | 'foreign'> {
      const row = await db.selectFrom('notifications').select(['user_id']).where('id', '=', id).executeTakeFirst();
      if (!row) return 'missing';
      if (row.user_id !== userId) return 'foreign';
      await db
        .updateTable('notifications')
        .set({ read_at: sql`coalesce(read_at, ${at})` })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .execute();
      return 'ok';
    },
    async markAllRead(userId: number, at: Date): Promise<number> {
      const result = await db
        .updateTable('notifications')
        .set({ read_at: at })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

/** A notification row as given (message and read state included): for seeds and tests. Studio code uses insertNotification. */
export async function insertNotificationRow(
  db: Executor,
  values: Omit<Insertable<Database['notifications']>, 'params'> & { params: NotificationParams },
): Promise<number> {
  const row = await db
    .insertInto('notifications')
    .values({ ...values, params: JSON.stringify(values.params) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
