import { sql, type Kysely } from 'kysely';
import { RETENTION_POINTS } from '@studio/contract/insights';

/**
 * Issue 23, point 4: the retention curve of a loop (the share of its viewers still watching at each
 * tenth of it) needs how far each view got, which the daily aggregates of 0020 do not hold.
 *
 * `view_counted.reached` is the furthest tenth (0–10) the viewer's current counted view has reached,
 * from the positions its heartbeats report; it starts at 0 whenever a new view counts. When the
 * roll-up sees it rise, it adds one viewer to each tenth passed in `content_retention_daily`, on the
 * Korean day the view counted — so a tenth's viewers over a period, divided by the period's views,
 * is the share that got that far. Like the other aggregates it is added with the roll-up's cursor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE view_counted ADD COLUMN reached smallint NOT NULL DEFAULT 0;
    CREATE TABLE content_retention_daily (
      content_id bigint NOT NULL,
      day date NOT NULL,
      tenth smallint NOT NULL CHECK (tenth BETWEEN 1 AND ${sql.lit(RETENTION_POINTS - 1)}),
      channel_id bigint NOT NULL,
      viewers bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (content_id, day, tenth)
    );
    CREATE INDEX content_retention_daily_channel ON content_retention_daily (channel_id, day);
  `.execute(db);
}
