import { sql, type Transaction } from 'kysely';
import { KST_OFFSET_HOURS } from '@studio/contract/constants';
import { RETENTION_POINTS } from '@studio/contract/insights';
import type { ViewKind } from '@studio/contract/views';
import type { Database, Db } from '../../db/schema';

/** One beacon as stored: the content's channel looked up by the server, the time the server's. */
export type ViewEvent = { contentId: number; channelId: number; viewerId: string; kind: ViewKind; seconds: number; position: number | null };

/** What one roll-up window added to the aggregates. */
export type WindowTotals = { events: number; views: number; watchSeconds: number };

/** Daily partitions of view_events are named by their UTC day: view_events_p20261126. */
const PARTITION_NAME = /^view_events_p(\d{4})(\d{2})(\d{2})$/;
/** Any fixed number: the lock that lets one process at a time create or drop partitions. */
const PARTITION_LOCK = 7_300_023;
/** How long summarising a partition's new ranges waits for its lock before leaving it to vacuum (under deadlock_timeout, which would cancel vacuum). */
const LOCK_WAIT = '50ms';

/** PostgreSQL's lock_not_available (55P03): a lock_timeout ran out. */
function isLockNotAvailable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '55P03';
}

export function viewRepository(db: Db) {
  return {
    /** Of `ids`, the contents anyone may watch (public, on a channel in service or view-only), with their channel. */
    async publicContents(ids: number[]): Promise<{ id: number; channelId: number }[]> {
      return db
        .selectFrom('contents')
        .innerJoin('channels', 'channels.id', 'contents.channel_id')
        .select(['contents.id as id', 'contents.channel_id as channelId'])
        .where('contents.id', 'in', ids)
        .where('contents.status', '=', 'PUBLIC')
        .where('channels.status', 'in', ['SERVICE', 'VIEWONLY'])
        .execute();
    },

    /**
     * A batch of beacons in one statement, one round trip, committed asynchronously (decision 058):
     * PostgreSQL acknowledges the commit before its WAL reaches the disk. The statement sets
     * `synchronous_commit = off` for its own transaction only — `set_config(…, true)` is `SET LOCAL` —
     * so the setting ends with it and every other write of the studio stays durable (PostgreSQL uses the
     * value in effect when a transaction commits). BEGIN, SET LOCAL, INSERT and COMMIT as four statements
     * would do the same in four round trips instead of one, holding a connection four times as long.
     * What can be lost is the last ~600 ms (3 × wal_writer_delay) of acknowledged beacons, and only if
     * PostgreSQL itself crashes.
     */
    async insertEvents(events: ViewEvent[], receivedAt: Date): Promise<void> {
      await sql`
        WITH async_commit AS MATERIALIZED (SELECT set_config('synchronous_commit', 'off', true))
        INSERT INTO view_events (content_id, channel_id, viewer_id, kind, seconds, position, received_at)
        SELECT content_id, channel_id, viewer_id, kind, seconds, position, ${receivedAt}
        FROM async_commit CROSS JOIN unnest(
          ${events.map((event) => event.contentId)}::bigint[],
          ${events.map((event) => event.channelId)}::bigint[],
          ${events.map((event) => event.viewerId)}::uuid[],
          ${events.map((event) => event.kind)}::text[],
          ${events.map((event) => event.seconds)}::smallint[],
          ${events.map((event) => event.position)}::integer[]
        ) AS e (content_id, channel_id, viewer_id, kind, seconds, position)
      `.execute(db);
    },

    /**
     * Creates the daily partitions of `days` (UTC 'YYYY-MM-DD') that do not exist yet. A day whose
     * rows already fell into the default partition is left there (creating it would fail) and named
     * in the answer.
     */
    async ensurePartitions(days: string[]): Promise<{ created: string[]; inDefault: string[] }> {
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK})`.execute(trx);
        const existing = new Set((await partitionsOf(trx)).map((partition) => partition.day));
        const created: string[] = [];
        const inDefault: string[] = [];
        for (const day of days) {
          if (existing.has(day)) continue;
          const next = nextDay(day);
          const { rows } = await sql<{ found: boolean }>`
            SELECT EXISTS (SELECT 1 FROM view_events_default WHERE received_at >= ${day}::timestamptz AND received_at < ${next}::timestamptz) AS found
          `.execute(trx);
          if (rows[0]?.found) {
            inDefault.push(day);
            continue;
          }
          const name = `view_events_p${day.replaceAll('-', '')}`;
          // Values in the bounds are UTC instants: the partition holds exactly one UTC day.
          await sql`
            CREATE TABLE ${sql.id(name)} PARTITION OF view_events
            FOR VALUES FROM (${sql.lit(`${day} 00:00:00+00`)}) TO (${sql.lit(`${next} 00:00:00+00`)})
          `.execute(trx);
          created.push(day);
        }
        return { created, inDefault };
      });
    },

    /**
     * Empties the default partition, whole (TRUNCATE, not DELETE). Only for the demo seed, which runs
     * before the server takes beacons and leaves its history older than the kept days there once the
     * roll-up has added it (so no daily partition is made only to be dropped a moment later).
     */
    async truncateDefaultPartition(): Promise<void> {
      await sql`TRUNCATE view_events_default`.execute(db);
    },

    /** Drops the daily partitions of days before `before` (UTC 'YYYY-MM-DD'): raw events leave whole days at a time. */
    async dropPartitionsBefore(before: string): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${PARTITION_LOCK})`.execute(trx);
        const dropped: string[] = [];
        for (const partition of await partitionsOf(trx)) {
          if (partition.day >= before) continue;
          await sql`DROP TABLE ${sql.id(partition.name)}`.execute(trx);
          dropped.push(partition.day);
        }
        return dropped;
      });
    },

    /**
     * Summarises the BRIN ranges of `view_events` filled since the last call, in the partitions that can
     * still hold events the roll-up has not read (those of `fromDay` (UTC 'YYYY-MM-DD') and after, and the
     * default one). A range without a summary is read by every window scan, so without this each
     * quarter second of events cost a read of the whole day's partition (decision 065). Each partition
     * waits at most LOCK_WAIT for its lock: vacuum holds the same one and summarises as it goes, so a
     * partition it is busy with is left to it (and vacuum is never cancelled by our wait). Answers the
     * ranges summarised.
     */
    async summariseNewEvents(fromDay: string | null): Promise<number> {
      const { rows } = await sql<{ index: string; table: string }>`
        SELECT i.inhrelid::regclass::text AS index, t.relname AS table
        FROM pg_inherits i JOIN pg_index x ON x.indexrelid = i.inhrelid JOIN pg_class t ON t.oid = x.indrelid
        WHERE i.inhparent = 'view_events_received_at'::regclass
      `.execute(db);
      let ranges = 0;
      for (const { index, table } of rows) {
        const day = PARTITION_NAME.exec(table);
        if (day && fromDay !== null && `${day[1]}-${day[2]}-${day[3]}` < fromDay) continue;
        try {
          ranges += await db.transaction().execute(async (trx) => {
            await sql`SELECT set_config('lock_timeout', ${LOCK_WAIT}, true)`.execute(trx);
            const summarised = await sql<{ ranges: number }>`SELECT brin_summarize_new_values(${index}::regclass) AS ranges`.execute(trx);
            return Number(summarised.rows[0]?.ranges ?? 0);
          });
        } catch (error) {
          if (!isLockNotAvailable(error)) throw error;
        }
      }
      return ranges;
    },

    /**
     * For the rest of `trx`: window scans of `view_events` go through its BRIN index, in this one
     * backend. The planner prefers a sequential scan of the day's partition whenever it has no
     * statistics of `received_at` yet (a new day's partition) or a generic plan hides the window's
     * bounds, and that read the whole day for every quarter second (decision 065). No parallel workers
     * either: the roll-up takes at most one core from the requests. And no JIT: the cost the planner
     * gives a plan with sequential scans off passes every JIT threshold, and compiling the roll-up's
     * statement took a second each time.
     */
    async scanWindowsByIndex(trx: Transaction<Database>): Promise<void> {
      await sql`
        SELECT set_config('enable_seqscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)
      `.execute(trx);
    },

    /** The end of the last window rolled up, as committed (no lock). */
    async rolledTo(): Promise<Date | null> {
      const row = await db.selectFrom('view_rollup').select('rolled_to').executeTakeFirstOrThrow();
      return row.rolled_to;
    },

    /** The end of the last window rolled up, locked until the transaction ends (one roll-up at a time). */
    async lockRolledTo(trx: Transaction<Database>): Promise<Date | null> {
      const row = await trx.selectFrom('view_rollup').select('rolled_to').forUpdate().executeTakeFirstOrThrow();
      return row.rolled_to;
    },

    /** The earliest event received in [from, before) (from the first kept when `from` is null): where rolling up resumes. */
    async firstEventBetween(trx: Transaction<Database>, from: Date | null, before: Date): Promise<Date | null> {
      const row = await trx
        .selectFrom('view_events')
        .select((eb) => eb.fn.min('received_at').as('first'))
        .$if(from !== null, (query) => query.where('received_at', '>=', from ?? before))
        .where('received_at', '<', before)
        .executeTakeFirst();
      return (row?.first as Date | null | undefined) ?? null;
    },

    /** Moves the cursor without adding anything: over a stretch known to hold no events. */
    async setRolledTo(trx: Transaction<Database>, to: Date): Promise<void> {
      await trx.updateTable('view_rollup').set({ rolled_to: to }).execute();
    },

    /**
     * Adds the events received in [from, to) to the aggregates, in one statement, and moves the
     * cursor to `to`. The window must be shorter than `dedupeMinutes`, so that of one viewer's starts
     * on one content inside it only the first can count: it counts when that viewer's last counted
     * start on it is `dedupeMinutes` old or more. Heartbeats add their seconds up to `watchCapPerHour`
     * per viewer, content and hour. Hours are UTC instants; days are Korean calendar days (Korea keeps
     * one offset all year). Each content's `view_count` gains the window's counted views in the same
     * statement, so the count a list shows moves with the aggregates, once per window and never twice.
     */
    async rollWindow(trx: Transaction<Database>, window: { from: Date; to: Date; dedupeMinutes: number; watchCapPerHour: number }): Promise<WindowTotals> {
      const { from, to, dedupeMinutes, watchCapPerHour } = window;
      const { rows } = await sql<{ events: number; views: number | null; watch_seconds: number | null }>`
        WITH events AS (
          SELECT content_id, channel_id, viewer_id, kind, seconds, received_at
          FROM view_events WHERE received_at >= ${from} AND received_at < ${to}
        ),
        first_starts AS (
          SELECT DISTINCT ON (content_id, viewer_id) content_id, channel_id, viewer_id, received_at
          FROM events WHERE kind = 'VIEW_START'
          ORDER BY content_id, viewer_id, received_at
        ),
        counted AS (
          INSERT INTO view_counted AS c (content_id, viewer_id, counted_at)
          SELECT content_id, viewer_id, received_at FROM first_starts
          ON CONFLICT (content_id, viewer_id) DO UPDATE SET counted_at = excluded.counted_at, reached = 0
          WHERE c.counted_at <= excluded.counted_at - make_interval(mins => ${dedupeMinutes})
          RETURNING content_id, viewer_id, counted_at
        ),
        watched AS (
          SELECT content_id, min(channel_id) AS channel_id, viewer_id, date_trunc('hour', received_at, 'UTC') AS hour, sum(seconds) AS seconds
          FROM events WHERE kind = 'HEARTBEAT'
          GROUP BY content_id, viewer_id, date_trunc('hour', received_at, 'UTC')
        ),
        credits AS (
          SELECT w.content_id, w.channel_id, w.viewer_id, w.hour,
                 greatest(0, least(w.seconds, ${watchCapPerHour} - coalesce(c.seconds, 0)))::integer AS seconds
          FROM watched w
          LEFT JOIN view_watch_credit c ON c.content_id = w.content_id AND c.viewer_id = w.viewer_id AND c.hour = w.hour
        ),
        credited AS (
          INSERT INTO view_watch_credit AS c (content_id, viewer_id, hour, seconds)
          SELECT content_id, viewer_id, hour, seconds FROM credits WHERE seconds > 0
          ON CONFLICT (content_id, viewer_id, hour) DO UPDATE SET seconds = c.seconds + excluded.seconds
        ),
        hourly AS (
          SELECT content_id, min(channel_id) AS channel_id, hour, sum(views)::bigint AS views, sum(seconds)::bigint AS watch_seconds
          FROM (
            SELECT s.content_id, s.channel_id, date_trunc('hour', s.received_at, 'UTC') AS hour, 1 AS views, 0 AS seconds
            FROM counted JOIN first_starts s USING (content_id, viewer_id)
            UNION ALL
            SELECT content_id, channel_id, hour, 0, seconds FROM credits WHERE seconds > 0
          ) AS added
          GROUP BY content_id, hour
        ),
        into_hourly AS (
          INSERT INTO content_views_hourly AS a (content_id, hour, channel_id, views, watch_seconds)
          SELECT content_id, hour, channel_id, views, watch_seconds FROM hourly
          ON CONFLICT (content_id, hour) DO UPDATE SET views = a.views + excluded.views, watch_seconds = a.watch_seconds + excluded.watch_seconds
        ),
        daily AS (
          SELECT content_id, min(channel_id) AS channel_id, (hour AT TIME ZONE 'UTC' + make_interval(hours => ${KST_OFFSET_HOURS}))::date AS day, sum(views) AS views, sum(watch_seconds) AS watch_seconds
          FROM hourly GROUP BY content_id, 3
        ),
        into_daily AS (
          INSERT INTO content_views_daily AS a (content_id, day, channel_id, views, watch_seconds)
          SELECT content_id, day, channel_id, views, watch_seconds FROM daily
          ON CONFLICT (content_id, day) DO UPDATE SET views = a.views + excluded.views, watch_seconds = a.watch_seconds + excluded.watch_seconds
        ),
        into_channel AS (
          INSERT INTO channel_views_daily AS a (channel_id, day, views, watch_seconds)
          SELECT channel_id, day, sum(views), sum(watch_seconds) FROM daily GROUP BY channel_id, day
          ON CONFLICT (channel_id, day) DO UPDATE SET views = a.views + excluded.views, watch_seconds = a.watch_seconds + excluded.watch_seconds
        ),
        into_contents AS (
          UPDATE contents c SET view_count = c.view_count + added.views
          FROM (SELECT content_id, sum(views) AS views FROM hourly GROUP BY content_id) AS added
          WHERE c.id = added.content_id AND added.views > 0
        ),
        cursor AS (
          UPDATE view_rollup SET rolled_to = ${to}
        )
        SELECT (SELECT count(*) FROM events) AS events, sum(views)::bigint AS views, sum(watch_seconds)::bigint AS watch_seconds FROM hourly
      `.execute(trx);
      return { events: Number(rows[0]?.events ?? 0), views: Number(rows[0]?.views ?? 0), watchSeconds: Number(rows[0]?.watch_seconds ?? 0) };
    },

    /**
     * Adds how far views got in [from, to) to `content_retention_daily` (migration 0022): the furthest
     * position each viewer's heartbeats report on a content with a duration gives the tenth reached
     * (a position in its last second is the end); where that passes the tenth the viewer's counted
     * view had reached, each tenth passed gains one viewer on the Korean day the view counted. Runs
     * after `rollWindow` in its transaction, so a view that counted in this window starts from 0.
     */
    async rollRetention(trx: Transaction<Database>, window: { from: Date; to: Date }): Promise<void> {
      const { from, to } = window;
      await sql`
        WITH furthest AS (
          SELECT content_id, viewer_id, max(position) AS position
          FROM view_events
          WHERE received_at >= ${from} AND received_at < ${to} AND kind = 'HEARTBEAT' AND position IS NOT NULL
          GROUP BY content_id, viewer_id
        ),
        reach AS (
          SELECT f.content_id, f.viewer_id, c.channel_id, v.counted_at, v.reached AS before,
                 least(${sql.lit(RETENTION_POINTS - 1)}, floor((f.position + 1) * ${sql.lit(RETENTION_POINTS - 1)}::numeric / c.duration_seconds))::smallint AS after
          FROM furthest f
          JOIN contents c ON c.id = f.content_id AND c.duration_seconds > 0
          JOIN view_counted v ON v.content_id = f.content_id AND v.viewer_id = f.viewer_id
        ),
        moved AS (
          UPDATE view_counted v SET reached = r.after
          FROM reach r
          WHERE v.content_id = r.content_id AND v.viewer_id = r.viewer_id AND r.after > r.before
          RETURNING r.content_id, r.channel_id, r.counted_at, r.before, r.after
        )
        INSERT INTO content_retention_daily AS a (content_id, day, tenth, channel_id, viewers)
        SELECT m.content_id, (m.counted_at AT TIME ZONE 'UTC' + make_interval(hours => ${KST_OFFSET_HOURS}))::date, t.tenth, min(m.channel_id), count(*)
        FROM moved m CROSS JOIN LATERAL generate_series(m.before + 1, m.after) AS t (tenth)
        GROUP BY 1, 2, 3
        ON CONFLICT (content_id, day, tenth) DO UPDATE SET viewers = a.viewers + excluded.viewers
      `.execute(trx);
    },

    /** Forgets dedupe and watch-credit state too old to matter for events at or after `at`. */
    async pruneState(at: Date, dedupeMinutes: number): Promise<void> {
      await db.deleteFrom('view_counted').where('counted_at', '<', new Date(at.getTime() - dedupeMinutes * 60_000)).execute();
      await db.deleteFrom('view_watch_credit').where('hour', '<', new Date(at.getTime() - 3_600_000)).execute();
    },
  };
}

async function partitionsOf(trx: Transaction<Database>): Promise<{ name: string; day: string }[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'view_events'::regclass
  `.execute(trx);
  return rows.flatMap(({ name }) => {
    const match = PARTITION_NAME.exec(name);
    return match ? [{ name, day: `${match[1]}-${match[2]}-${match[3]}` }] : [];
  });
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
