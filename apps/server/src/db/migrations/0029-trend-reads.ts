import { sql, type Kysely } from 'kysely';

/**
 * Issue 23, point 5: the trend reads the portal's aggregates by time alone — every content's views
 * in the last 24 hours (`content_views_hourly`) or the last 7 Korean days (`content_views_daily`),
 * and the same span before. Their primary keys lead with the content, so such a read would scan the
 * whole history; these indexes lead with the time and carry the content and its views, so the read
 * is an index-only range scan of the two spans and costs the same at 1,000 aggregate rows as at
 * millions of older ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX content_views_hourly_hour ON content_views_hourly (hour) INCLUDE (content_id, views);
    CREATE INDEX content_views_daily_day ON content_views_daily (day) INCLUDE (content_id, views);
  `.execute(db);
}
