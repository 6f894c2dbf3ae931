import { sql, type Kysely } from 'kysely';
import { VIEW_HEARTBEAT_MAX_SECONDS, VIEW_POSITION_MAX_SECONDS } from '@studio/contract/views';

/**
 * Issue 23, the counting of views.
 *
 * `view_events` holds the beacons as received, append-only: never updated, and aged out by dropping
 * whole daily partitions (by `received_at`, the server's time), never by DELETE. The roll-up job
 * (modules/views/view-rollup.ts) creates each day's partition ahead of it; the default partition only
 * catches what arrives when none was made. A BRIN index serves the roll-up's scans of a time window in
 * rows that arrive in time order, at almost no cost to the insert.
 *
 * The roll-up reads closed windows of `view_events` and adds them to the aggregates, which is all the
 * insight reads ever touch. `view_rollup.rolled_to` is the end of the last window added, written in
 * the same transaction as the window's additions: a window is added whole exactly once, whatever
 * stops the job. `view_counted` (the last counted view start per viewer and content) makes a start
 * count once per viewer and content in VIEW_DEDUPE_MINUTES; `view_watch_credit` (watch seconds
 * credited per viewer, content and hour) caps what heartbeats can add. Both are pruned as they age.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE view_events (
      content_id bigint NOT NULL,
      channel_id bigint NOT NULL,
      viewer_id uuid NOT NULL,
      kind text NOT NULL CHECK (kind IN ('VIEW_START', 'HEARTBEAT')),
      seconds smallint NOT NULL DEFAULT 0 CHECK (seconds BETWEEN 0 AND ${sql.lit(VIEW_HEARTBEAT_MAX_SECONDS)}),
      position integer CHECK (position BETWEEN 0 AND ${sql.lit(VIEW_POSITION_MAX_SECONDS)}),
      received_at timestamptz NOT NULL
    ) PARTITION BY RANGE (received_at);
    CREATE TABLE view_events_default PARTITION OF view_events DEFAULT;
    CREATE INDEX view_events_received_at ON view_events USING brin (received_at);

    CREATE TABLE content_views_hourly (
      content_id bigint NOT NULL,
      hour timestamptz NOT NULL,
      channel_id bigint NOT NULL,
      views bigint NOT NULL DEFAULT 0,
      watch_seconds bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (content_id, hour)
    );
    CREATE TABLE content_views_daily (
      content_id bigint NOT NULL,
      day date NOT NULL,
      channel_id bigint NOT NULL,
      views bigint NOT NULL DEFAULT 0,
      watch_seconds bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (content_id, day)
    );
    CREATE INDEX content_views_daily_channel ON content_views_daily (channel_id, day);
    CREATE TABLE channel_views_daily (
      channel_id bigint NOT NULL,
      day date NOT NULL,
      views bigint NOT NULL DEFAULT 0,
      watch_seconds bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (channel_id, day)
    );

    CREATE TABLE view_rollup (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      rolled_to timestamptz
    );
    INSERT INTO view_rollup (rolled_to) VALUES (NULL);
    CREATE TABLE view_counted (
      content_id bigint NOT NULL,
      viewer_id uuid NOT NULL,
      counted_at timestamptz NOT NULL,
      PRIMARY KEY (content_id, viewer_id)
    );
    CREATE TABLE view_watch_credit (
      content_id bigint NOT NULL,
      viewer_id uuid NOT NULL,
      hour timestamptz NOT NULL,
      seconds integer NOT NULL,
      PRIMARY KEY (content_id, viewer_id, hour)
    );
    CREATE INDEX view_watch_credit_hour ON view_watch_credit (hour);
    CREATE INDEX view_counted_at ON view_counted (counted_at);
  `.execute(db);
}
