import { sql, type Kysely } from 'kysely';

/**
 * Issue 23, point 4 (spec section 6: subscribers for media channels): each media channel's subscriber
 * count per Korean day, kept by the view roll-up's tick (the day's latest count) and read by the
 * insights by channel and day, so a period's curve costs its days. A day without a row holds the count
 * of the last day before it that has one. The tick writes today's row within
 * a minute of start-up; the insights take today's count from the channel itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE channel_subscribers_daily (
    channel_id integer NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
    day date NOT NULL,
    subscribers integer NOT NULL CHECK (subscribers >= 0),
    PRIMARY KEY (channel_id, day)
  )`.execute(db);
}
