import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/**
 * Media channels' subscriber counts per Korean day (migration 0038): written by the view roll-up's
 * tick, read by the insights by channel and day only.
 */
export function subscriberRepository(db: Db) {
  return {
    /** Keeps every media channel's count as the day's (a row changes only when its count did). */
    async keepDay(day: string): Promise<void> {
      await sql`
        INSERT INTO channel_subscribers_daily AS d (channel_id, day, subscribers)
        SELECT id, ${day}::date, subscriber_count FROM channels WHERE channel_type = 'MEDIA_CHANNEL'
        ON CONFLICT (channel_id, day) DO UPDATE SET subscribers = excluded.subscribers
        WHERE d.subscribers IS DISTINCT FROM excluded.subscribers
      `.execute(db);
    },

    /** The channel's kept days from `from` to `to` (both included), and the last kept day before `from`, oldest first. */
    async days(channelId: number, from: string, to: string): Promise<{ day: string; subscribers: number }[]> {
      const { rows } = await sql<{ day: string; subscribers: number }>`
        (SELECT to_char(day, 'YYYY-MM-DD') AS day, subscribers FROM channel_subscribers_daily
         WHERE channel_id = ${channelId} AND day < ${from}::date ORDER BY day DESC LIMIT 1)
        UNION ALL
        (SELECT to_char(day, 'YYYY-MM-DD') AS day, subscribers FROM channel_subscribers_daily
         WHERE channel_id = ${channelId} AND day >= ${from}::date AND day <= ${to}::date ORDER BY day)
      `.execute(db);
      return rows;
    },
  };
}
