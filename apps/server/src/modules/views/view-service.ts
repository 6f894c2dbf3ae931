import { VIEW_DEDUPE_MINUTES, VIEW_EVENTS_KEEP_DAYS, VIEW_WATCH_SECONDS_PER_HOUR_MAX, type BeaconBatch } from '@studio/contract/views';
import type { Db } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { viewRepository, type ViewEvent, type WindowTotals } from './view-repository';

/** How long a content's "public or not" is trusted from memory: a content hidden now stops counting within this. */
const PUBLIC_CONTENT_TTL_MS = 10_000;
/** Entries the memory of public contents holds before it starts over (a bound, not a working size). */
const PUBLIC_CONTENT_CACHE_MAX = 10_000;
/**
 * How long after its end a window closes: by then every beacon stamped inside it has committed or
 * failed. A beacon is stamped just before its one INSERT, which waits at most `connectTimeoutMs` for
 * a connection and runs at most `statementTimeoutMs` (without a statement timeout, half a minute is
 * assumed); a second more covers the round trips around them. Instances taking beacons stamp with
 * their own clocks, which must agree within that second.
 */
export function rollupGraceMs(database: { connectTimeoutMs: number; statementTimeoutMs: number }): number {
  return database.connectTimeoutMs + (database.statementTimeoutMs > 0 ? database.statementTimeoutMs : 30_000) + 1_000;
}
/** The longest window one roll-up step adds; shorter than VIEW_DEDUPE_MINUTES, as the dedupe needs. */
const VIEW_ROLLUP_STEP_MS = 5 * 60_000;
/**
 * The roll-up job's slice: a quarter second of events a transaction, with a pause between slices, so
 * that under a steady stream of beacons the roll-up's statements never hold a core long enough to
 * show in the beacons' own latency (issue 23 point 3; bench:views measured the tail in the seconds a
 * whole window ran). The demo seed and a caught-up quiet night are unaffected: empty stretches are
 * skipped, and the seed rolls with the full step.
 */
export const VIEW_ROLLUP_SLICE_MS = 250;
export const VIEW_ROLLUP_PAUSE_MS = 25;
/**
 * The events a slice aims at: the job sizes each slice by the rate the last one held, from
 * VIEW_ROLLUP_SLICE_MS (busy) up to the full step (quiet), so a catch-up costs in proportion to the
 * events behind, not to the time (an hour behind at a few events a second: tens of slices, not 14,400).
 */
export const VIEW_ROLLUP_SLICE_EVENTS = 500;
/** How often a long roll-up run summarises the event ranges filled since it began. */
const SUMMARISE_EVERY_MS = 5_000;
/** Days of partitions made ahead of today, so a quiet night or a stopped job never sends rows to the default partition. */
const PARTITION_DAYS_AHEAD = 2;

type Known = { channelId: number | null; until: number };

/** INSERTs of beacons under way at once; requests arriving meanwhile gather into the next one. */
const WRITES_IN_FLIGHT = 4;
/** The most rows one INSERT carries; a longer queue goes in several. */
const ROWS_PER_WRITE = 4_096;

type Waiting = { events: ViewEvent[]; done: () => void; failed: (error: unknown) => void };

/**
 * Group commit for beacons: each request's rows wait for an INSERT that carries them, and answer when
 * it has committed (nothing is acknowledged before it is stored). The rows of every request that
 * arrives in one turn of the event loop go together (the flush waits for setImmediate: sending at the
 * first request made an INSERT of one or two rows for each of the first four, and each INSERT's
 * socket write cost the web process more CPU than the request itself). At most WRITES_IN_FLIGHT
 * INSERTs run at once; while they do, later rows gather for the next, so under load one statement and
 * one commit serve many requests. Each INSERT is stamped just before it is sent, with the server's time.
 */
function groupedWriter(write: (events: ViewEvent[], at: Date) => Promise<void>, clock: Clock) {
  const queue: Waiting[] = [];
  let inFlight = 0;
  const flush = () => {
    while (inFlight < WRITES_IN_FLIGHT && queue.length > 0) {
      const taken: Waiting[] = [];
      let rows = 0;
      while (queue.length > 0 && (taken.length === 0 || rows + (queue[0]?.events.length ?? 0) <= ROWS_PER_WRITE)) {
        const next = queue.shift() as Waiting;
        taken.push(next);
        rows += next.events.length;
      }
      inFlight += 1;
      write(
        taken.flatMap((waiting) => waiting.events),
        clock.now(),
      )
        .then(
          () => taken.forEach((waiting) => waiting.done()),
          (error: unknown) => taken.forEach((waiting) => waiting.failed(error)),
        )
        .finally(() => {
          inFlight -= 1;
          flush();
        });
    }
  };
  let scheduled = false;
  return (events: ViewEvent[]) =>
    new Promise<void>((done, failed) => {
      queue.push({ events, done, failed });
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        flush();
      });
    });
}

/** Accepting beacons: the content checked against what is public, the batch written with others' in one statement. */
export function viewService(db: Db, clock: Clock) {
  const views = viewRepository(db);
  const known = new Map<number, Known>();
  const store = groupedWriter((events, at) => views.insertEvents(events, at), clock);

  /** Each content's channel, or null where it is not public; from memory when recent, else one query for the rest. */
  async function channelsOf(contentIds: number[]): Promise<Map<number, number | null>> {
    const now = Date.now();
    const answer = new Map<number, number | null>();
    const missing: number[] = [];
    for (const id of contentIds) {
      const entry = known.get(id);
      if (entry && entry.until > now) answer.set(id, entry.channelId);
      else if (!answer.has(id)) missing.push(id);
    }
    if (missing.length === 0) return answer;
    const found = new Map((await views.publicContents(missing)).map((row) => [row.id, row.channelId]));
    if (known.size + missing.length > PUBLIC_CONTENT_CACHE_MAX) known.clear();
    for (const id of missing) {
      const channelId = found.get(id) ?? null;
      known.set(id, { channelId, until: now + PUBLIC_CONTENT_TTL_MS });
      answer.set(id, channelId);
    }
    return answer;
  }

  return {
    /**
     * Stores one viewer's batch as raw events, stamped with the server's time. A batch naming a content
     * that does not exist or is not public is refused whole (404), before anything is written.
     */
    async accept(batch: BeaconBatch): Promise<number> {
      const channels = await channelsOf([...new Set(batch.beacons.map((beacon) => beacon.contentId))]);
      const unknown = [...channels].filter(([, channelId]) => channelId === null).map(([id]) => id);
      if (unknown.length > 0) throw new AppError('VIEW_CONTENT_NOT_FOUND', undefined, { contentIds: unknown });
      await store(
        batch.beacons.map((beacon) => ({
          contentId: beacon.contentId,
          channelId: channels.get(beacon.contentId) ?? 0,
          viewerId: batch.viewerId,
          kind: beacon.kind,
          // A start carries no watch time, whatever it says.
          seconds: beacon.kind === 'HEARTBEAT' ? (beacon.seconds ?? 0) : 0,
          position: beacon.position ?? null,
        })),
      );
      return batch.beacons.length;
    },
  };
}

export type RollUpResult = WindowTotals & { windows: number; rolledTo: Date | null; partitionsCreated: string[]; partitionsDropped: string[] };

/**
 * The roll-up (run by view-rollup.ts): closed windows of raw events into the aggregates, each window
 * in one transaction with the cursor, so a run stopped anywhere neither loses nor repeats a window;
 * then daily partitions made ahead and those past VIEW_EVENTS_KEEP_DAYS dropped.
 */
export function viewRollupService(
  db: Db,
  clock: Clock,
  options: {
    graceMs: number;
    keepDays?: number;
    log?: (message: string, detail: object) => void;
    /** The most time of events one transaction rolls up (at most VIEW_ROLLUP_STEP_MS, the default). */
    sliceMs?: number;
    /** A wait after each slice that added events, leaving the cores to the requests (none by default). */
    pauseMs?: number;
    /** With this, each slice after the first is sized to hold about this many events at the last slice's rate, between `sliceMs` and the full step. */
    sliceEvents?: number;
  },
) {
  const views = viewRepository(db);
  const keepDays = options.keepDays ?? VIEW_EVENTS_KEEP_DAYS;
  const sliceMs = Math.min(VIEW_ROLLUP_STEP_MS, options.sliceMs ?? VIEW_ROLLUP_STEP_MS);
  const pauseMs = options.pauseMs ?? 0;

  /**
   * One window from the cursor, if one has closed; null when caught up. After an empty window
   * (`skipEmpty`) the cursor first jumps to the next event, so a quiet stretch of days costs one step.
   */
  async function step(skipEmpty: boolean, lengthMs: number): Promise<(WindowTotals & { from: Date; to: Date }) | null> {
    const closedBy = new Date(clock.now().getTime() - options.graceMs);
    return db.transaction().execute(async (trx) => {
      await views.scanWindowsByIndex(trx);
      let from = await views.lockRolledTo(trx);
      if (from === null || skipEmpty) {
        const next = await views.firstEventBetween(trx, from, closedBy);
        if (next === null) {
          if (from !== null && from < closedBy) await views.setRolledTo(trx, closedBy);
          return null;
        }
        from = next;
      }
      if (from >= closedBy) return null;
      const to = new Date(Math.min(closedBy.getTime(), from.getTime() + lengthMs));
      const totals = await views.rollWindow(trx, { from, to, dedupeMinutes: VIEW_DEDUPE_MINUTES, watchCapPerHour: VIEW_WATCH_SECONDS_PER_HOUR_MAX });
      await views.rollRetention(trx, { from, to });
      return { ...totals, from, to };
    });
  }

  /** The next slice's length: about `sliceEvents` events at the rate the last slice held, within [sliceMs, step]. */
  function nextSlice(last: { events: number; from: Date; to: Date }): number {
    if (!options.sliceEvents || last.events === 0) return sliceMs;
    const perMs = last.events / Math.max(1, last.to.getTime() - last.from.getTime());
    return Math.min(VIEW_ROLLUP_STEP_MS, Math.max(sliceMs, Math.floor(options.sliceEvents / perMs)));
  }

  /** The BRIN ranges filled since the last run, summarised so the windows' scans read only their own (decision 065); answers when. */
  async function summarise(): Promise<number> {
    const rolledTo = await views.rolledTo();
    await views.summariseNewEvents(rolledTo ? rolledTo.toISOString().slice(0, 10) : null);
    return performance.now();
  }

  return {
    /** Makes today's partition and the next days' (UTC days, by the app's clock). */
    async preparePartitions(): Promise<string[]> {
      const today = Date.parse(`${clock.now().toISOString().slice(0, 10)}T00:00:00Z`);
      const days = Array.from({ length: PARTITION_DAYS_AHEAD + 1 }, (_, n) => new Date(today + n * 86_400_000).toISOString().slice(0, 10));
      const { created, inDefault } = await views.ensurePartitions(days);
      if (inDefault.length > 0) options.log?.('view events of these days are in the default partition', { days: inDefault });
      return created;
    },

    /** Rolls every closed window up, then keeps the partitions: made ahead, and dropped past their age. */
    async run(): Promise<RollUpResult> {
      const partitionsCreated = await this.preparePartitions();
      const result: RollUpResult = { events: 0, views: 0, watchSeconds: 0, windows: 0, rolledTo: null, partitionsCreated, partitionsDropped: [] };
      let summarisedAt = await summarise();
      for (let added = await step(false, sliceMs); added; added = await step(added.events === 0, nextSlice(added))) {
        // A long catch-up keeps the ranges filled meanwhile summarised too.
        if (performance.now() - summarisedAt > SUMMARISE_EVERY_MS) summarisedAt = await summarise();
        result.events += added.events;
        result.views += added.views;
        result.watchSeconds += added.watchSeconds;
        result.windows += 1;
        result.rolledTo = added.to;
        if (pauseMs > 0 && added.events > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
      if (result.rolledTo) await views.pruneState(result.rolledTo, VIEW_DEDUPE_MINUTES);
      result.partitionsDropped = await this.dropExpired();
      return result;
    },

    /**
     * Drops the daily partitions older than `keepDays` by the app's clock, never one the roll-up has
     * not finished with (a stopped job keeps its events until it has added them).
     */
    async dropExpired(): Promise<string[]> {
      const kept = new Date(clock.now().getTime() - keepDays * 86_400_000).toISOString().slice(0, 10);
      const rolledTo = await db.transaction().execute((trx) => views.lockRolledTo(trx));
      if (rolledTo === null) return [];
      const rolledDay = rolledTo.toISOString().slice(0, 10);
      return views.dropPartitionsBefore(kept < rolledDay ? kept : rolledDay);
    },
  };
}
