import { sql, type Insertable, type Transaction } from 'kysely';
import type { NotificationGroup } from '@studio/contract/enums';
import { NOTIFICATION_COUNT_CAP, type Notification, type NotificationParams, type NotificationType } from '@studio/contract/notification';
import type { Page } from '@studio/contract/page';
import { literalCount } from '../../db/literal';
import { pageWithTotal } from '../../db/paged';
import type { Database, Db } from '../../db/schema';

type Executor = Db | Transaction<Database>;

/** A notification's group (spec section 3): from the studio operator when it names no channel. */
export const groupOf = (channelId: number | null): Exclude<NotificationGroup, 'ALL'> => (channelId === null ? 'ADMIN' : 'CHANNEL');

/**
 * An answered invitation's notification has nothing left to act on: it is
 * read from then on, wherever the answer was given (management tab, alarm page).
 * Only unread rows of one person are touched (the partial unread index).
 */
export async function markAnsweredInvitationRead(db: Executor, userId: number, landingUrl: string, at: Date): Promise<void> {
  await db.updateTable('notifications').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null).where('landing_url', '=', landingUrl).execute();
}

/**
 * Writes one notification per recipient, in the order given, and announces each on `announceOn` as
 * `<user id>:<notification id>`, in one round trip (PostgreSQL delivers the announcements when `tx`
 * commits). A recipient who switched off ALL or the notification's group (ADMIN without a channel,
 * CHANNEL with one; migration 0030) gets no row and so no announcement. Returns the ids written, in the
 * order of `recipients`.
 */
export async function insertAnnouncedNotifications(
  tx: Transaction<Database>,
  announceOn: string,
  entry: { recipients: number[]; channelId: number | null; type: NotificationType; params: NotificationParams; message: string; landingUrl: string | null; at: Date },
): Promise<number[]> {
  const paramsJson = JSON.stringify(entry.params);
  const { rows } = await sql<{ id: string | number }>`
    WITH written AS (
      INSERT INTO notifications (user_id, channel_id, type, params, message, landing_url, image_url, created_at)
      SELECT recipient, ${entry.channelId}::bigint, ${entry.type}, ${paramsJson}::jsonb, ${entry.message}, ${entry.landingUrl}, NULL, ${entry.at}
      FROM unnest(${entry.recipients}::bigint[]) WITH ORDINALITY AS r (recipient, position)
      WHERE NOT EXISTS (
        SELECT 1 FROM notification_mutes m
        WHERE m.user_id = r.recipient AND m.notification_group IN ('ALL', ${groupOf(entry.channelId)})
      )
      ORDER BY position
      RETURNING id, user_id
    )
    SELECT id, pg_notify(${announceOn}, user_id || ':' || id) FROM written ORDER BY id
  `.execute(tx);
  return rows.map((row) => Number(row.id));
}

/** A notification as stored; the spec's `timeString` is added where the answer is written. */
export type NotificationRecord = Omit<Notification, 'timeString' | 'createdAt'> & { createdAt: Date };

export type NotificationSlice = { page: number; size: number; cursor?: number | undefined };

function counterColumn(group: NotificationGroup) {
  return group === 'ALL' ? 'total' : group === 'ADMIN' ? 'operator' : 'channel';
}

/** What a notification answer reads: its row and its channel's current name and image (`n`, `c`). */
const NOTIFICATION_COLUMNS = [
  'n.id',
  'n.type',
  'n.params',
  'n.message',
  'n.image_url',
  'n.read_at',
  'n.created_at',
  'n.landing_url',
  'n.channel_id',
  'c.name as channel_name',
  'c.profile_image_url as channel_image_url',
] as const;

export function notificationRepository(db: Db) {
  const forGroup = (userId: number, group: NotificationGroup, channelId?: number) => {
    let query = db.selectFrom('notifications as n').where('n.user_id', '=', userId);
    if (channelId !== undefined) query = query.where('n.channel_id', '=', channelId);
    // ADMIN: from the studio operator (no channel); CHANNEL: about one of the person's channels.
    if (group === 'ADMIN') query = query.where('n.channel_id', 'is', null);
    if (group === 'CHANNEL') query = query.where('n.channel_id', 'is not', null);
    return query;
  };

  /** The channel's current name and image ride along (a join by key on the page's rows only). */
  const rowsOf = (userId: number, group: NotificationGroup, channelId?: number) =>
    forGroup(userId, group, channelId)
      .leftJoin('channels as c', 'c.id', 'n.channel_id')
      .select(NOTIFICATION_COLUMNS);

  type Row = Awaited<ReturnType<ReturnType<typeof rowsOf>['execute']>>[number];
  const toRecord = (row: Row): NotificationRecord => ({
    id: row.id,
    type: row.type,
    params: row.params,
    message: row.message,
    imageUrl: row.image_url ?? row.channel_image_url ?? null,
    read: row.read_at !== null,
    createdAt: row.created_at,
    landingUrl: row.landing_url,
    channelId: row.channel_id,
    channelName: row.channel_id === null ? null : (row.channel_name ?? null),
  });

  /**
   * The list's total as an expression: exact from the counters kept in the transaction of every change
   * (migration 0006), one row by key; one channel's list has no counter and is counted through its
   * index, at most up to the cap.
   */
  const totalOf = (userId: number, group: NotificationGroup, channelId?: number) => {
    if (channelId !== undefined) {
      return db
        .selectFrom((eb) =>
          eb.selectFrom('notifications').select('id').where('user_id', '=', userId).where('channel_id', '=', channelId).limit(literalCount(NOTIFICATION_COUNT_CAP)).as('capped'),
        )
        .select(sql<number>`count(*)::int`.as('total'));
    }
    const column = counterColumn(group);
    const counted = column === 'total' ? sql<number>`total_notifications` : column === 'operator' ? sql<number>`operator_notifications` : sql<number>`total_notifications - operator_notifications`;
    return db.selectFrom('user_counters').select(counted.as('total')).where('user_id', '=', userId);
  };

  return {
    /**
     * Newest first. With a cursor (the previous answer's `nextCursor`) it is keyset paging
     * (`id < cursor` on the person's index: flat at any depth); without, page and size.
     * One row more than asked tells whether this is the last slice.
     */
    async list(userId: number, group: NotificationGroup, slice: NotificationSlice, channelId?: number): Promise<Page<NotificationRecord> & { nextCursor: number | null }> {
      const { page, size, cursor } = slice;
      // The page's ids first, from the person's index alone (an index-only scan, also past a deep
      // offset); only those rows are then read and joined to their channel. The total rides along in
      // the same statement: one round trip, and a page past the end still carries its total.
      let keys = forGroup(userId, group, channelId).select('n.id').orderBy('n.id', 'desc').limit(literalCount(size + 1));
      keys = cursor === undefined ? keys.offset(literalCount(page * size)) : keys.where('n.id', '<', cursor);
      const { rows, total: totalElements } = await pageWithTotal(
        db,
        db.selectNoFrom((eb) => eb.fn.coalesce(totalOf(userId, group, channelId), sql<number>`0`).as('total')),
        db.selectFrom(keys.as('k')).innerJoin('notifications as n', 'n.id', 'k.id').leftJoin('channels as c', 'c.id', 'n.channel_id').select(NOTIFICATION_COLUMNS),
        [['id', 'desc']],
      );
      const last = rows.length <= size;
      const content = rows.slice(0, size).map(toRecord);
      return {
        content,
        totalElements,
        number: page,
        size,
        numberOfElements: content.length,
        last,
        nextCursor: last ? null : (content.at(-1)?.id ?? null),
      };
    },
    /** The rows a reconnecting stream missed (ids after the last it saw), oldest first, bounded. */
    async after(userId: number, afterId: number, limit: number): Promise<NotificationRecord[]> {
      const rows = await rowsOf(userId, 'ALL').where('n.id', '>', afterId).orderBy('n.id', 'asc').limit(limit).execute();
      return rows.map(toRecord);
    },
    /** One notification of one person, for its announcement on the streams. */
    async findOwn(userId: number, id: number): Promise<NotificationRecord | undefined> {
      const row = await rowsOf(userId, 'ALL').where('n.id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : undefined;
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
      // Only an unread row is written: a repeat touches nothing (and so announces nothing).
      await db
        .updateTable('notifications')
        .set({ read_at: sql`coalesce(read_at, ${at})` })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .execute();
      return 'ok';
    },
    /** Walks only the unread rows (partial index), however long the person's history. */
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

/** A notification row as given (message and read state included): for seeds and tests. Studio code uses notify(). */
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
