import { sql } from 'kysely';
import type { ContentKind } from '@studio/contract/enums';
import type { Db } from '../../db/schema';

/** Views and watch seconds of some stretch. */
export type Sums = { views: number; watchSeconds: number };

/**
 * Reads of a channel's insights (issue 23, point 4). Every query reads the aggregates the roll-up
 * keeps (`channel_views_daily`, `content_views_daily`, `content_retention_daily`) by their channel
 * and day keys, never `view_events`: a read costs the days and contents of the period, whatever the
 * number of raw events. Days are Korean calendar days 'YYYY-MM-DD', both ends included.
 */
export function insightRepository(db: Db) {
  return {
    async daily(channelId: number, from: string, to: string): Promise<(Sums & { day: string })[]> {
      const rows = await db
        .selectFrom('channel_views_daily')
        .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'views', 'watch_seconds'])
        .where('channel_id', '=', channelId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .orderBy('day')
        .execute();
      return rows.map((row) => ({ day: row.day, views: Number(row.views), watchSeconds: Number(row.watch_seconds) }));
    },

    async totals(channelId: number, from: string, to: string): Promise<Sums> {
      const row = await db
        .selectFrom('channel_views_daily')
        .select((eb) => [eb.fn.sum<string | null>('views').as('views'), eb.fn.sum<string | null>('watch_seconds').as('watch_seconds')])
        .where('channel_id', '=', channelId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .executeTakeFirst();
      return { views: Number(row?.views ?? 0), watchSeconds: Number(row?.watch_seconds ?? 0) };
    },

    /** The channel's most viewed contents of the period (then most watched, then newest id), with their title and kind. */
    async topContents(channelId: number, from: string, to: string, limit: number): Promise<(Sums & { contentId: number; title: string; kind: ContentKind; durationSeconds: number | null })[]> {
      const { rows } = await sql<{ content_id: number; title: string; kind: ContentKind; duration_seconds: number | null; views: string; watch_seconds: string }>`
        SELECT d.content_id, c.title, c.kind, c.duration_seconds, d.views, d.watch_seconds
        FROM (
          SELECT content_id, sum(views) AS views, sum(watch_seconds) AS watch_seconds
          FROM content_views_daily
          WHERE channel_id = ${channelId} AND day >= ${from}::date AND day <= ${to}::date
          GROUP BY content_id
        ) AS d
        JOIN contents c ON c.id = d.content_id AND c.channel_id = ${channelId}
        WHERE d.views > 0 OR d.watch_seconds > 0
        ORDER BY d.views DESC, d.watch_seconds DESC, d.content_id DESC
        LIMIT ${limit}
      `.execute(db);
      return rows.map((row) => ({
        contentId: row.content_id,
        title: row.title,
        kind: row.kind,
        durationSeconds: row.duration_seconds,
        views: Number(row.views),
        watchSeconds: Number(row.watch_seconds),
      }));
    },

    /**
     * The channel's latest lives with concurrent viewers sampled in [from, to) (instants), each with
     * its minutes (the most viewers of each, oldest first) and its peak over all its minutes.
     */
    async liveViewers(channelId: number, from: Date, to: Date, limit: number): Promise<{ liveId: number; title: string; peakViewers: number; points: { at: string; viewers: number }[] }[]> {
      const { rows } = await sql<{ live_id: number; title: string; peak: number; minutes: string[]; viewers: number[] }>`
        SELECT l.id AS live_id, l.title,
               (SELECT max(viewers) FROM live_viewer_minutes p WHERE p.live_id = l.id) AS peak,
               array_agg(to_char(m.minute AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ORDER BY m.minute) AS minutes,
               array_agg(m.viewers ORDER BY m.minute) AS viewers
        FROM lives l
        JOIN live_viewer_minutes m ON m.live_id = l.id AND m.minute >= ${from} AND m.minute < ${to}
        WHERE l.channel_id = ${channelId}
        GROUP BY l.id, l.title
        ORDER BY max(m.minute) DESC, l.id DESC
        LIMIT ${limit}
      `.execute(db);
      return rows.map((row) => ({
        liveId: Number(row.live_id),
        title: row.title,
        peakViewers: Number(row.peak),
        points: row.minutes.map((at, index) => ({ at, viewers: Number(row.viewers[index] ?? 0) })),
      }));
    },

    /**
     * The most viewed contents of the period that have a duration (loops), each with its views and
     * the viewers that reached each tenth (index 1–10; index 0 unused).
     */
    async retention(channelId: number, from: string, to: string, limit: number, points: number): Promise<{ contentId: number; title: string; durationSeconds: number; views: number; reached: number[] }[]> {
      const { rows } = await sql<{ content_id: number; title: string; duration_seconds: number; views: string; reached: (string | null)[] }>`
        SELECT d.content_id, c.title, c.duration_seconds, d.views,
               ARRAY(
                 SELECT (SELECT sum(r.viewers) FROM content_retention_daily r
                         WHERE r.content_id = d.content_id AND r.day >= ${from}::date AND r.day <= ${to}::date AND r.tenth = t)
                 FROM generate_series(0, ${points - 1}) AS t ORDER BY t
               ) AS reached
        FROM (
          SELECT content_id, sum(views) AS views
          FROM content_views_daily
          WHERE channel_id = ${channelId} AND day >= ${from}::date AND day <= ${to}::date
          GROUP BY content_id
        ) AS d
        JOIN contents c ON c.id = d.content_id AND c.channel_id = ${channelId} AND c.duration_seconds > 0
        WHERE d.views > 0
        ORDER BY d.views DESC, d.content_id DESC
        LIMIT ${limit}
      `.execute(db);
      return rows.map((row) => ({
        contentId: row.content_id,
        title: row.title,
        durationSeconds: row.duration_seconds,
        views: Number(row.views),
        reached: row.reached.map((value) => Number(value ?? 0)),
      }));
    },
  };
}
