import { sql } from 'kysely';
import type { ChannelType, ContentKind } from '@studio/contract/enums';
import type { Db } from '../../db/schema';

/** Which aggregate a period reads, and the type of its time key. */
export type TrendSource = { table: 'content_views_hourly'; column: 'hour'; type: 'timestamptz' } | { table: 'content_views_daily'; column: 'day'; type: 'date' };

export const HOURLY: TrendSource = { table: 'content_views_hourly', column: 'hour', type: 'timestamptz' };
export const DAILY: TrendSource = { table: 'content_views_daily', column: 'day', type: 'date' };

/** One ranked content: which list, its place in it, its views in the period and the one before, and what the list shows of it. */
export type TrendRow = {
  list: 'TOP' | 'RISING';
  rank: number;
  contentId: number;
  views: number;
  previousViews: number;
  title: string;
  kind: ContentKind;
  thumbnailUrl: string | null;
  liveId: number | null;
  channelId: number;
  channelName: string;
  channelType: ChannelType;
};

export type TrendRanking = {
  source: TrendSource;
  /** Time keys of the aggregate (ISO instants for hours, 'YYYY-MM-DD' for Korean days): [previousFrom, from) is the period before, [from, to) the period. */
  previousFrom: string;
  from: string;
  to: string;
  kind: ContentKind | undefined;
  channelType: ChannelType | undefined;
  limit: number;
  risingMinViews: number;
};

/**
 * The trend's reads (issue 23, point 5). The ranking reads one aggregate by its time key alone
 * (migration 0029's indexes: an index-only range scan of the two periods, never `view_events` nor
 * the older history), keeps the contents that are PUBLIC on a channel in SERVICE — what the public
 * site shows — and ranks them twice in one statement: most viewed, and rising (growth against the
 * period before, over a base floored at `risingMinViews`; `risingScore` in the contract is the same
 * expression).
 */
export function trendRepository(db: Db) {
  return {
    async ranking(query: TrendRanking): Promise<TrendRow[]> {
      const { source, previousFrom, from, to, kind, channelType, limit, risingMinViews } = query;
      const time = sql.ref(source.column);
      const type = sql.raw(source.type);
      const { rows } = await sql<{
        list: 'TOP' | 'RISING';
        rank: string;
        content_id: number;
        views: string;
        previous_views: string;
        title: string;
        kind: ContentKind;
        thumbnail_url: string | null;
        live_id: number | null;
        channel_id: number;
        channel_name: string;
        channel_type: ChannelType;
      }>`
        WITH current_period AS (
          SELECT content_id, sum(views) AS views FROM ${sql.table(source.table)}
          WHERE ${time} >= ${from}::${type} AND ${time} < ${to}::${type}
          GROUP BY content_id
        ),
        previous_period AS (
          SELECT content_id, sum(views) AS views FROM ${sql.table(source.table)}
          WHERE ${time} >= ${previousFrom}::${type} AND ${time} < ${from}::${type}
          GROUP BY content_id
        ),
        scored AS (
          SELECT cur.content_id, cur.views, coalesce(prev.views, 0) AS previous_views
          FROM current_period cur
          JOIN contents c ON c.id = cur.content_id AND c.status = 'PUBLIC' ${kind === undefined ? sql`` : sql`AND c.kind = ${kind}`}
          JOIN channels ch ON ch.id = c.channel_id AND ch.status = 'SERVICE' ${channelType === undefined ? sql`` : sql`AND ch.channel_type = ${channelType}`}
          LEFT JOIN previous_period prev ON prev.content_id = cur.content_id
          WHERE cur.views > 0
        ),
        ranked AS (
          (SELECT 'TOP' AS list, content_id, views, previous_views, row_number() OVER (ORDER BY views DESC, content_id DESC) AS rank
           FROM scored ORDER BY rank LIMIT ${limit})
          UNION ALL
          (SELECT 'RISING', content_id, views, previous_views,
                  row_number() OVER (ORDER BY (views - previous_views)::numeric / greatest(previous_views, ${risingMinViews}) DESC, views DESC, content_id DESC)
           FROM scored WHERE views >= ${risingMinViews} AND views > previous_views ORDER BY 5 LIMIT ${limit})
        )
        SELECT r.list, r.rank, r.content_id, r.views, r.previous_views, c.title, c.kind, c.thumbnail_url, c.live_id,
               ch.id AS channel_id, ch.name AS channel_name, ch.channel_type
        FROM ranked r
        JOIN contents c ON c.id = r.content_id
        JOIN channels ch ON ch.id = c.channel_id
        ORDER BY r.list DESC, r.rank
      `.execute(db);
      return rows.map((row) => ({
        list: row.list,
        rank: Number(row.rank),
        contentId: Number(row.content_id),
        views: Number(row.views),
        previousViews: Number(row.previous_views),
        title: row.title,
        kind: row.kind,
        thumbnailUrl: row.thumbnail_url,
        liveId: row.live_id === null ? null : Number(row.live_id),
        channelId: Number(row.channel_id),
        channelName: row.channel_name,
        channelType: row.channel_type,
      }));
    },

    /** Of `channelIds`, those the person holds a role on. */
    async memberOf(userId: number, channelIds: number[]): Promise<Set<number>> {
      if (channelIds.length === 0) return new Set();
      const rows = await db.selectFrom('channel_members').select('channel_id').where('user_id', '=', userId).where('channel_id', 'in', channelIds).execute();
      return new Set(rows.map((row) => Number(row.channel_id)));
    },
  };
}
