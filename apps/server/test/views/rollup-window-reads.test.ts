import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewRepository, type ViewEvent } from '../../src/modules/views/view-repository';
import { rollupGraceMs, VIEW_ROLLUP_SLICE_EVENTS, VIEW_ROLLUP_SLICE_MS, viewRollupService } from '../../src/modules/views/view-service';
import { createChannel, createContent } from '../../src/seed/factories';
import { createTestApp, type TestContext } from '../helper';

/**
 * Issue 23, point 3 (decision 065): a roll-up window reads its own quarter second of events, not the
 * day's partition. Two things make it so, each broken here on its own: the roll-up summarises the
 * BRIN ranges filled since its last run, and its transaction scans `view_events` through that index
 * whatever the planner knows of the partition (nothing, on a new day).
 */

const EVENTS = 24_000;
const PER_BATCH = 1_000;
/** Pages of one BRIN range (migration 0043). */
const PAGES_PER_RANGE = 16;

let t: TestContext;
let channel: number;
let content: number;

beforeAll(async () => {
  // A web instance, no workers: today's partitions must exist before the first beacon anyway.
  t = await createTestApp({ backgroundJobs: false });
  channel = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', status: 'SERVICE' });
  content = await createContent(t.db, { channel_id: channel, author_user_id: null, kind: 'CONTENT_VIEW', status: 'PUBLIC', title: '영상', thumbnail_url: null });
});

afterAll(async () => {
  await t.close();
});

const today = () => t.clock.now().toISOString().slice(0, 10).replaceAll('-', '');

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Exact Heap Blocks'?: number; 'Lossy Heap Blocks'?: number; Plans?: PlanNode[] };
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

describe('the roll-up reads only the window it adds', () => {
  it('finds today’s partition made by an instance that takes beacons but runs no roll-up', async () => {
    const { rows } = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'view_events'::regclass
    `.execute(t.db);
    expect(rows.map((row) => row.name)).toContain(`view_events_p${today()}`);
  });

  it('summarises what arrived since its last run and scans a quarter second through the index, reading a range or two of a partition of hundreds of pages', async () => {
    const views = viewRepository(t.db);
    const began = t.clock.now().getTime();
    // A day's partition with a history: 24 batches a second apart, each of 1,000 heartbeats.
    for (let batch = 0; batch < EVENTS / PER_BATCH; batch += 1) {
      const events: ViewEvent[] = Array.from({ length: PER_BATCH }, () => ({ contentId: content, channelId: channel, viewerId: randomUUID(), kind: 'HEARTBEAT', seconds: 1, position: 5 }));
      await views.insertEvents(events, new Date(began + batch * 1_000));
    }
    const partition = `view_events_p${today()}`;
    const pages = await sql<{ pages: number }>`SELECT pg_relation_size(${partition}::regclass) / current_setting('block_size')::int AS pages`.execute(t.db);
    const partitionPages = Number(pages.rows[0]?.pages);
    expect(partitionPages).toBeGreaterThan(10 * PAGES_PER_RANGE);

    t.clock.advance(EVENTS + rollupGraceMs(t.config.database) + 1_000);
    const rolled = await viewRollupService(t.db, t.clock, { graceMs: rollupGraceMs(t.config.database), sliceMs: VIEW_ROLLUP_SLICE_MS }).run();
    expect(rolled.events).toBe(EVENTS);
    // The run summarised every range before it read: none is left for the next call.
    expect(await views.summariseNewEvents(null)).toBe(0);

    // A quarter second in the middle of the history, scanned as the roll-up's transaction scans it.
    const from = new Date(began + 12_000);
    const to = new Date(from.getTime() + VIEW_ROLLUP_SLICE_MS);
    const plan = await t.db.transaction().execute(async (trx) => {
      await views.scanWindowsByIndex(trx);
      const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>`
        EXPLAIN (ANALYZE, FORMAT JSON) SELECT count(*) FROM view_events WHERE received_at >= ${from} AND received_at < ${to}
      `.execute(trx);
      return rows[0]?.['QUERY PLAN'][0].Plan as PlanNode;
    });
    const nodes = nodesOf(plan);
    expect(nodes.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name'])).toEqual([]);
    const heapScan = nodes.find((node) => node['Node Type'] === 'Bitmap Heap Scan' && node['Relation Name'] === partition);
    expect(heapScan).toBeDefined();
    const blocksRead = (heapScan?.['Exact Heap Blocks'] ?? 0) + (heapScan?.['Lossy Heap Blocks'] ?? 0);
    expect(blocksRead).toBeGreaterThan(0);
    expect(blocksRead).toBeLessThanOrEqual(2 * PAGES_PER_RANGE);
  });

  it('catches up an hour of sparse events in tens of slices, sized by the rate the last one held, with the same totals', async () => {
    const views = viewRepository(t.db);
    const began = t.clock.now().getTime();
    // One heartbeat every 10 s for an hour, while the roll-up was stopped.
    for (let n = 0; n < 360; n += 1) {
      await views.insertEvents([{ contentId: content, channelId: channel, viewerId: randomUUID(), kind: 'HEARTBEAT', seconds: 1, position: 5 }], new Date(began + n * 10_000));
    }
    t.clock.advance(3_600_000 + rollupGraceMs(t.config.database) + 1_000);
    const rolled = await viewRollupService(t.db, t.clock, {
      graceMs: rollupGraceMs(t.config.database),
      sliceMs: VIEW_ROLLUP_SLICE_MS,
      pauseMs: 1,
      sliceEvents: VIEW_ROLLUP_SLICE_EVENTS,
    }).run();
    expect(rolled.events).toBe(360);
    expect(rolled.watchSeconds).toBe(360);
    // Quarter-second slices would take about 720 (one per event, one empty after each).
    expect(rolled.windows).toBeLessThanOrEqual(30);
  });

  it('leaves a partition whose lock vacuum holds to vacuum, within a moment, and rolls up all the same', async () => {
    const views = viewRepository(t.db);
    const began = t.clock.now().getTime();
    await views.insertEvents([{ contentId: content, channelId: channel, viewerId: randomUUID(), kind: 'HEARTBEAT', seconds: 1, position: 5 }], new Date(began));
    t.clock.advance(rollupGraceMs(t.config.database) + 1_000);
    // Another session holds the lock vacuum takes (SHARE UPDATE EXCLUSIVE) on today's partition meanwhile.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => undefined;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.db.transaction().execute(async (trx) => {
      await sql`LOCK TABLE ${sql.id(`view_events_p${today()}`)} IN SHARE UPDATE EXCLUSIVE MODE`.execute(trx);
      locked();
      await held;
    });
    await lockTaken;
    try {
      const started = performance.now();
      const rolled = await viewRollupService(t.db, t.clock, { graceMs: rollupGraceMs(t.config.database), sliceMs: VIEW_ROLLUP_SLICE_MS }).run();
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(rolled.events).toBe(1);
    } finally {
      release();
      await holder;
    }
  });
});
