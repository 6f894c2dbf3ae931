import { sql, type Kysely } from 'kysely';

/**
 * Issue 23, point 5: the trend reads the portal's aggregates by time alone — every content's views
 * in the last 24 hours (`content_views_hourly`) or the last 7 Korean days (`content_views_daily`),
 * and the same span before. Their primary keys lead with the content, so such a read would scan the
 * whole history; these indexes lead with the time and carry the content and its views, so the read
 * is an index-only range scan of the two spans and costs the same at 1,000 aggregate rows as at
 * millions of older ones.
 *
 * Issue 23, point 2: a live's concurrent viewers are the viewers heard from in the last
 * LIVE_CONCURRENT_WINDOW_SECONDS. `live_presence` keeps each viewer's last ping per live (UNLOGGED: a
 * crash forgets who was watching, which the next pings restore within seconds); `live_viewer_minutes`
 * keeps the most concurrent viewers seen in each minute of a live, sampled by the view roll-up job and
 * by the studio's stream-state reads, so a live's curve and its peak (the curve's maximum) outlast it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX content_views_hourly_hour ON content_views_hourly (hour) INCLUDE (content_id, views);
    CREATE INDEX content_views_daily_day ON content_views_daily (day) INCLUDE (content_id, views);

    CREATE UNLOGGED TABLE live_presence (
      live_id bigint NOT NULL,
      viewer_id uuid NOT NULL,
      seen_at timestamptz NOT NULL,
      PRIMARY KEY (live_id, viewer_id)
    );
    CREATE INDEX live_presence_seen ON live_presence (live_id, seen_at);
    CREATE TABLE live_viewer_minutes (
      live_id bigint NOT NULL,
      minute timestamptz NOT NULL,
      viewers integer NOT NULL CHECK (viewers >= 0),
      PRIMARY KEY (live_id, minute)
    );
  `.execute(db);
}
