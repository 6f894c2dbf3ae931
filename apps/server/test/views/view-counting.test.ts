import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIEW_BEACON_BATCH_MAX, VIEW_DEDUPE_MINUTES, VIEW_WATCH_SECONDS_PER_HOUR_MAX, type Beacon } from '@studio/contract/views';
import { rollupGraceMs, viewRollupService } from '../../src/modules/views/view-service';
import { viewRepository } from '../../src/modules/views/view-repository';
import { VIEW_ROLLUP_QUEUE } from '../../src/modules/views/view-rollup';
import { createChannel, createContent } from '../../src/seed/factories';
import { createTestApp, ORIGIN, type TestContext } from '../helper';

/**
 * Issue 23, points 2 and 3: beacons in, aggregates out. Beacons go through the route as a public page
 * sends them; the roll-up runs as its job does, at the app's clock, which the tests move.
 */

const MINUTE = 60_000;
let t: TestContext;
let channel: number;
let content: number;
let hidden: number;
let rollup: ReturnType<typeof viewRollupService>;
let graceMs: number;

beforeAll(async () => {
  t = await createTestApp();
  channel = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', status: 'SERVICE' });
  content = await createContent(t.db, { channel_id: channel, author_user_id: null, kind: 'CONTENT_VIEW', status: 'PUBLIC', title: '공개 영상', thumbnail_url: null });
  hidden = await createContent(t.db, { channel_id: channel, author_user_id: null, kind: 'CONTENT_VIEW', status: 'HIDDEN', title: '숨긴 영상', thumbnail_url: null });
  graceMs = rollupGraceMs(t.config.database);
  rollup = viewRollupService(t.db, t.clock, { graceMs, keepDays: t.config.views.keepDays });
  // As start-up does where workers run: today's partition and the next days'.
  await rollup.preparePartitions();
});

afterAll(async () => {
  await t.close();
});

function send(payload: unknown, headers: Record<string, string> = { origin: ORIGIN }) {
  return t.app.inject({ method: 'POST', url: '/api/public/beacons', headers, payload: payload as Record<string, unknown> });
}

const start = (contentId = content): Beacon => ({ contentId, kind: 'VIEW_START', position: 0 });
const heartbeat = (seconds: number, contentId = content): Beacon => ({ contentId, kind: 'HEARTBEAT', seconds, position: 30 });

/** Past the grace of the last window, then one run of the roll-up. */
async function rollUp() {
  t.clock.advance(graceMs + 1_000);
  return rollup.run();
}

/** A content of its own per test, so each counts only its own beacons. */
async function freshContent(): Promise<number> {
  return createContent(t.db, { channel_id: channel, author_user_id: null, kind: 'CONTENT_VIEW', status: 'PUBLIC', title: '영상', thumbnail_url: null });
}

async function totals(contentId: number) {
  const row = await t.db
    .selectFrom('content_views_hourly')
    .select((eb) => [eb.fn.sum<number>('views').as('views'), eb.fn.sum<number>('watch_seconds').as('watch')])
    .where('content_id', '=', contentId)
    .executeTakeFirstOrThrow();
  const daily = await t.db
    .selectFrom('content_views_daily')
    .select((eb) => [eb.fn.sum<number>('views').as('views'), eb.fn.sum<number>('watch_seconds').as('watch')])
    .where('content_id', '=', contentId)
    .executeTakeFirstOrThrow();
  // The daily rows are the hourly rows summed: one window adds to both or to neither.
  expect({ views: Number(daily.views ?? 0), watch: Number(daily.watch ?? 0) }).toEqual({ views: Number(row.views ?? 0), watch: Number(row.watch ?? 0) });
  return { views: Number(row.views ?? 0), watch: Number(row.watch ?? 0) };
}

describe('the beacon endpoint', () => {
  it('takes a batch without a session and answers 202 with how many it took', async () => {
    const response = await send({ viewerId: randomUUID(), beacons: [start(), heartbeat(10)] });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 2 });
  });

  it('stamps events with the server time, never a time the client sends', async () => {
    const target = await freshContent();
    const viewerId = randomUUID();
    const response = await send({ viewerId, beacons: [{ ...start(target), receivedAt: '2000-01-01T00:00:00Z' }] });
    expect(response.statusCode).toBe(400);
    await send({ viewerId, beacons: [start(target)] });
    const row = await t.db.selectFrom('view_events').select('received_at').where('content_id', '=', target).executeTakeFirstOrThrow();
    expect(row.received_at.getTime()).toBe(t.clock.now().getTime());
  });

  it('refuses malformed batches with 400 VALIDATION_FAILED and writes nothing', async () => {
    const viewerId = randomUUID();
    const bad: unknown[] = [
      {},
      { viewerId: 'not-a-uuid', beacons: [start()] },
      { viewerId, beacons: [] },
      { viewerId, beacons: Array.from({ length: VIEW_BEACON_BATCH_MAX + 1 }, () => start()) },
      { viewerId, beacons: [{ ...start(), kind: 'VIEW_END' }] },
      { viewerId, beacons: [{ ...start(), contentId: '1' }] },
      { viewerId, beacons: [{ ...start(), contentId: 0 }] },
      { viewerId, beacons: [heartbeat(61)] },
      { viewerId, beacons: [heartbeat(-1)] },
      { viewerId, beacons: [heartbeat(1.5)] },
      { viewerId, beacons: [{ ...heartbeat(10), position: -5 }] },
      { viewerId, beacons: [{ ...start(), count: 1000 }] },
      { viewerId, beacons: start() },
    ];
    for (const payload of bad) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
    const written = await t.db.selectFrom('view_events').select((eb) => eb.fn.countAll<number>().as('n')).where('viewer_id', '=', viewerId).executeTakeFirstOrThrow();
    expect(Number(written.n)).toBe(0);
  });

  it('refuses unknown and hidden contents with 404 VIEW_CONTENT_NOT_FOUND, the whole batch', async () => {
    const viewerId = randomUUID();
    for (const contentId of [hidden, 987_654_321]) {
      const response = await send({ viewerId, beacons: [start(), start(contentId)] });
      expect(response.statusCode).toBe(404);
      expect(response.json<{ code: string; extra: unknown }>()).toMatchObject({ code: 'VIEW_CONTENT_NOT_FOUND', extra: { contentIds: [contentId] } });
    }
    const written = await t.db.selectFrom('view_events').select((eb) => eb.fn.countAll<number>().as('n')).where('viewer_id', '=', viewerId).executeTakeFirstOrThrow();
    expect(Number(written.n)).toBe(0);
  });

  it("refuses a beacon from another site's page (CSRF), and takes one with no Origin (not a browser)", async () => {
    const cross = await send({ viewerId: randomUUID(), beacons: [start()] }, { origin: 'https://elsewhere.example' });
    expect(cross.statusCode).toBe(403);
    expect(cross.json<{ code: string }>().code).toBe('CSRF_ORIGIN_MISMATCH');
    const bare = await send({ viewerId: randomUUID(), beacons: [start()] }, {});
    expect(bare.statusCode).toBe(202);
  });
});

describe('counting', () => {
  it('counts 50 identical beacons sent at once as one view', async () => {
    const target = await freshContent();
    const viewerId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => send({ viewerId, beacons: [start(target)] })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(202));
    await rollUp();
    expect((await totals(target)).views).toBe(1);
  });

  it(`counts one viewer once within ${VIEW_DEDUPE_MINUTES} minutes, and again after`, async () => {
    const target = await freshContent();
    const viewerId = randomUUID();
    await send({ viewerId, beacons: [start(target)] });
    await rollUp();
    t.clock.advance(10 * MINUTE);
    await send({ viewerId, beacons: [start(target)] });
    await rollUp();
    expect((await totals(target)).views).toBe(1);
    // 31 minutes after the first, counted, start.
    t.clock.advance(21 * MINUTE - 2 * (graceMs + 1_000));
    await send({ viewerId, beacons: [start(target)] });
    await rollUp();
    expect((await totals(target)).views).toBe(2);
  });

  it('judges the 30 minutes from the last counted start, also when the starts are rolled up in one run', async () => {
    const target = await freshContent();
    const viewerId = randomUUID();
    await send({ viewerId, beacons: [start(target)] });
    t.clock.advance(20 * MINUTE);
    await send({ viewerId, beacons: [start(target)] });
    t.clock.advance(11 * MINUTE);
    await send({ viewerId, beacons: [start(target)] });
    await rollUp();
    // 0 counts, 20 does not (20 minutes after 0), 31 does (31 after the last counted).
    expect((await totals(target)).views).toBe(2);
  });

  it('counts distinct viewers each, and per channel too', async () => {
    const own = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', status: 'SERVICE' });
    const first = await createContent(t.db, { channel_id: own, author_user_id: null, kind: 'CONTENT_VIEW', status: 'PUBLIC', title: '하나', thumbnail_url: null });
    const second = await createContent(t.db, { channel_id: own, author_user_id: null, kind: 'SHORTS', status: 'PUBLIC', title: '둘', thumbnail_url: null });
    await Promise.all(Array.from({ length: 20 }, () => send({ viewerId: randomUUID(), beacons: [start(first), start(second)] })));
    await rollUp();
    expect((await totals(first)).views).toBe(20);
    expect((await totals(second)).views).toBe(20);
    const perChannel = await t.db.selectFrom('channel_views_daily').select((eb) => eb.fn.sum<number>('views').as('views')).where('channel_id', '=', own).executeTakeFirstOrThrow();
    expect(Number(perChannel.views)).toBe(40);
  });

  it('sums heartbeats into watch seconds, ignores seconds on a start, and caps a viewer at an hour per hour', async () => {
    const target = await freshContent();
    const viewerId = randomUUID();
    await send({ viewerId, beacons: [{ ...start(target), seconds: 60 }, heartbeat(15, target), heartbeat(20, target)] });
    await rollUp();
    expect(await totals(target)).toEqual({ views: 1, watch: 35 });
    // 2 × 50 heartbeats of 60 s claim 6,000 s more within the hour: the viewer is credited up to the hour.
    const claims = Array.from({ length: VIEW_BEACON_BATCH_MAX }, () => heartbeat(60, target));
    await send({ viewerId, beacons: claims });
    await send({ viewerId, beacons: claims });
    await rollUp();
    expect(await totals(target)).toEqual({ views: 1, watch: VIEW_WATCH_SECONDS_PER_HOUR_MAX });
    // Another viewer is not held by the first one's cap.
    await send({ viewerId: randomUUID(), beacons: [heartbeat(40, target)] });
    await rollUp();
    expect((await totals(target)).watch).toBe(VIEW_WATCH_SECONDS_PER_HOUR_MAX + 40);
  });
});

describe('the roll-up', () => {
  it('adds nothing twice when run again, or by two runs at once', async () => {
    const target = await freshContent();
    await Promise.all(Array.from({ length: 10 }, () => send({ viewerId: randomUUID(), beacons: [start(target), heartbeat(5, target)] })));
    t.clock.advance(graceMs + 1_000);
    await Promise.all([rollup.run(), rollup.run(), rollup.run()]);
    await rollup.run();
    expect(await totals(target)).toEqual({ views: 10, watch: 50 });
  });

  it('loses and repeats nothing when a run stops between adding a window and moving the cursor', async () => {
    const target = await freshContent();
    await Promise.all(Array.from({ length: 7 }, () => send({ viewerId: randomUUID(), beacons: [start(target)] })));
    t.clock.advance(graceMs + 1_000);
    const views = viewRepository(t.db);
    // The window is added, then the run dies before it commits (a killed process rolls back the same way).
    const killed = t.db.transaction().execute(async (trx) => {
      const from = (await views.lockRolledTo(trx)) ?? new Date(0);
      await views.rollWindow(trx, { from, to: new Date(t.clock.now().getTime() - graceMs), dedupeMinutes: VIEW_DEDUPE_MINUTES, watchCapPerHour: VIEW_WATCH_SECONDS_PER_HOUR_MAX });
      throw new Error('killed');
    });
    await expect(killed).rejects.toThrow('killed');
    expect((await totals(target)).views).toBe(0);
    await rollup.run();
    await rollup.run();
    expect((await totals(target)).views).toBe(7);
  });

  it('rolls up in slices as the job does, each committed with the cursor: the same counts, nothing twice', async () => {
    const target = await freshContent();
    const sliced = viewRollupService(t.db, t.clock, { graceMs, keepDays: t.config.views.keepDays, sliceMs: 1_000, pauseMs: 1 });
    await rollUp();
    const again = randomUUID();
    // Six seconds of beacons, a second apart: a new viewer each second, and one viewer who comes back.
    for (let second = 0; second < 6; second += 1) {
      await send({ viewerId: randomUUID(), beacons: [start(target), heartbeat(2, target)] });
      if (second % 2 === 0) await send({ viewerId: again, beacons: [start(target)] });
      t.clock.advance(1_000);
    }
    t.clock.advance(graceMs + 1_000);
    const result = await sliced.run();
    expect(result.windows).toBeGreaterThanOrEqual(6);
    expect(result.events).toBe(15);
    expect(await totals(target)).toEqual({ views: 7, watch: 12 });
    expect((await sliced.run()).events).toBe(0);
    expect((await rollup.run()).events).toBe(0);
    expect(await totals(target)).toEqual({ views: 7, watch: 12 });
  });

  it('runs as a pg-boss job that queues its next run', async () => {
    const target = await freshContent();
    await send({ viewerId: randomUUID(), beacons: [start(target)] });
    t.clock.advance(graceMs + 1_000);
    await t.app.jobs.send(VIEW_ROLLUP_QUEUE, {}, { singletonKey: 'rollup' });
    expect(await t.app.jobs.drain(VIEW_ROLLUP_QUEUE)).toBe(1);
    expect((await totals(target)).views).toBe(1);
    const next = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${VIEW_ROLLUP_QUEUE} AND state = 'created'`.execute(t.db);
    expect(next.rows[0]?.n).toBe(1);
  });

  it('drops raw events by whole daily partitions past their age and keeps the aggregates', async () => {
    const target = await freshContent();
    const day = t.clock.now().toISOString().slice(0, 10);
    const partition = `view_events_p${day.replaceAll('-', '')}`;
    await send({ viewerId: randomUUID(), beacons: [start(target), heartbeat(30, target)] });
    const where = await sql<{ partition: string }>`SELECT tableoid::regclass::text AS partition FROM view_events WHERE content_id = ${target}`.execute(t.db);
    expect(where.rows.map((row) => row.partition)).toEqual([partition, partition]);
    await rollUp();
    expect(await totals(target)).toEqual({ views: 1, watch: 30 });

    t.clock.advance((t.config.views.keepDays + 1) * 24 * 60 * MINUTE);
    const result = await rollUp();
    expect(result.partitionsDropped).toContain(day);
    const left = await t.db.selectFrom('view_events').select((eb) => eb.fn.countAll<number>().as('n')).where('content_id', '=', target).executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
    const table = await sql<{ found: string | null }>`SELECT to_regclass(${partition})::text AS found`.execute(t.db);
    expect(table.rows[0]?.found).toBeNull();
    expect(await totals(target)).toEqual({ views: 1, watch: 30 });
    // Beacons of the new day land in a partition made ahead of it.
    await send({ viewerId: randomUUID(), beacons: [start(target)] });
    const newDay = await sql<{ partition: string }>`SELECT tableoid::regclass::text AS partition FROM view_events WHERE content_id = ${target}`.execute(t.db);
    expect(newDay.rows[0]?.partition).toBe(`view_events_p${t.clock.now().toISOString().slice(0, 10).replaceAll('-', '')}`);
  });
});

describe('rate limits', () => {
  it('answers 429 RATE_LIMITED past the limit of one viewer id', async () => {
    const viewerId = randomUUID();
    const limit = t.config.views.perViewerPerMinute;
    const answers = [];
    for (let n = 0; n < limit + 3; n++) answers.push((await send({ viewerId, beacons: [heartbeat(1)] })).statusCode);
    expect(answers.slice(0, limit).every((status) => status === 202)).toBe(true);
    expect(answers.slice(limit)).toEqual([429, 429, 429]);
    const refused = await send({ viewerId, beacons: [heartbeat(1)] });
    expect(refused.json<{ code: string }>().code).toBe('RATE_LIMITED');
    // Another viewer on the same address is not held back.
    expect((await send({ viewerId: randomUUID(), beacons: [heartbeat(1)] })).statusCode).toBe(202);
  });

  it('lets a few hundred viewers behind one address through', async () => {
    const answers = await Promise.all(Array.from({ length: 400 }, () => send({ viewerId: randomUUID(), beacons: [start()] })));
    expect(answers.filter((answer) => answer.statusCode === 202)).toHaveLength(400);
  });
});

describe('buckets', () => {
  it('adds an hour to its UTC hour and a day to its Korean calendar day', async () => {
    const target = await freshContent();
    // 15:30 UTC is 00:30 the next day in Korea.
    const next = new Date(Date.parse(`${t.clock.now().toISOString().slice(0, 10)}T15:30:00Z`) + 86_400_000);
    t.clock.set(next);
    await send({ viewerId: randomUUID(), beacons: [start(target)] });
    await rollUp();
    const hourly = await t.db.selectFrom('content_views_hourly').select(['hour', 'views']).where('content_id', '=', target).execute();
    expect(hourly.map((row) => [row.hour.toISOString(), Number(row.views)])).toEqual([[next.toISOString().replace('30:00.000Z', '00:00.000Z'), 1]]);
    const daily = await sql<{ day: string }>`SELECT day::text AS day FROM content_views_daily WHERE content_id = ${target}`.execute(t.db);
    expect(daily.rows.map((row) => row.day)).toEqual([new Date(next.getTime() + 86_400_000).toISOString().slice(0, 10)]);
  });
});
