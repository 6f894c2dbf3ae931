// `npm run bench:views`: the view-counting pipeline (issue 23). The web server taking beacons, the
// roll-up worker, a bare Fastify baseline and the load generator each run in a process of their own.
// Prints: beacons accepted per second against the bare route's requests per second, p99 at an evenly
// paced 2,000 beacons a second, the lag from a beacon to its aggregate, and whether every beacon taken
// was aggregated exactly once although the roll-up's process was killed and restarted mid-run.
// Uses BENCH_DATABASE_URL when set (a database it may fill), else an embedded PostgreSQL.
import { execFile } from 'node:child_process';
import { startServer } from './child-servers';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { createDb } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { viewRepository } from '../apps/server/src/modules/views/view-repository';
import { viewRollupService } from '../apps/server/src/modules/views/view-service';
import { systemClock } from '../apps/server/src/lib/clock';
import { createChannel, createContent } from '../apps/server/src/seed/factories';
import { benchDatabase } from './bench-database';

const run = promisify(execFile);
const here = import.meta.dirname;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const BATCH = Number(process.env.BENCH_BATCH ?? 10);
const PACED_RATE = 2000;
/** Seconds each paced run sends at its pace before it measures: the load generator's own start (bench/paced.ts). */
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
const VIEWERS = 5000;
const WEB = 'http://127.0.0.1:18090';

const database = await benchDatabase('views');
const db = createDb(database.url, { max: 2, statementTimeoutMs: 0 });
await migrateToLatest(db);
// BENCH_ASYNC_COMMIT=1: the database acknowledges commits before their WAL reaches the disk, to show
// how much of the beacon route's latency is the disk's flush (never how the studio is configured).
if (process.env.BENCH_ASYNC_COMMIT === '1') await sql`ALTER DATABASE ${sql.id(new URL(database.url).pathname.slice(1))} SET synchronous_commit = off`.execute(db);
const channel = await createChannel(db, { channel_type: 'MEDIA_CHANNEL', status: 'SERVICE' });
const newContent = () => createContent(db, { channel_id: channel, author_user_id: null, kind: 'CONTENT_VIEW', status: 'PUBLIC', title: 'bench', thumbnail_url: null });
const loadAtStart = loadavg();

// Limits as high as the bench needs: what is measured is the route doing all its work (both limiters
// are consulted on every request), not the refusals. The roll-up runs every 2 s.
const viewEnv = { VIEW_BEACONS_PER_VIEWER_PER_MINUTE: '1000000', VIEW_BEACONS_PER_ADDRESS_PER_MINUTE: '100000000', VIEW_ROLLUP_SECONDS: '2' };

const start = startServer;

type Load = { rps: number; requests: number; ok: number; p99: number; errors: number; p99BySecond: number[]; lateBySecond: number[]; warmupP99: number | null };
/** Loads `url` from a process of its own: autocannon at full speed, or evenly paced at `rate` (bench/paced.ts). */
const scratch = mkdtempSync(path.join(tmpdir(), 'studio-bench-views-'));
async function load(url: string, bodies: string[] | undefined, rate?: number): Promise<Load> {
  // The bodies go through a file: too many for a command line.
  const bodiesFile = path.join(scratch, `${randomUUID()}.jsonl`);
  if (bodies) writeFileSync(bodiesFile, bodies.join('\n'));
  const options = JSON.stringify({ url, cookies: [], connections: 20, duration: DURATION, ...(rate ? { rate, warmup: WARMUP } : {}), ...(bodies ? { bodiesFile } : {}) });
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(here, rate ? 'paced.ts' : 'load.ts'), options], { maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(stdout) as { requests: { average: number; total: number }; latency: { p99: number }; errors: number; non2xx: number; '2xx'?: number; p99BySecond?: number[]; lateBySecond?: number[]; warmupP99?: number | null };
  const errors = result.errors + result.non2xx;
  // Accepted = answered 2xx (paced.ts counts them); never below zero when timeouts outnumber answers.
  return { rps: Math.round(result.requests.average), requests: result.requests.total, ok: result['2xx'] ?? Math.max(0, result.requests.total - errors), p99: result.latency.p99, errors, p99BySecond: result.p99BySecond ?? [], lateBySecond: result.lateBySecond ?? [], warmupP99: result.warmupP99 ?? null };
}

/** Batches of heartbeats of one second each, from VIEWERS viewers: what is aggregated must equal what was taken, second for second. */
function heartbeatBodies(contentId: number, size: number): string[] {
  return Array.from({ length: VIEWERS }, () => JSON.stringify({ viewerId: randomUUID(), beacons: Array.from({ length: size }, () => ({ contentId, kind: 'HEARTBEAT', seconds: 1, position: 10 })) }));
}

async function counts(contentId: number) {
  const raw = await db.selectFrom('view_events').select((eb) => eb.fn.countAll<number>().as('n')).where('content_id', '=', contentId).executeTakeFirstOrThrow();
  const rolled = await db.selectFrom('content_views_hourly').select((eb) => eb.fn.sum<number>('watch_seconds').as('n')).where('content_id', '=', contentId).executeTakeFirst();
  return { raw: Number(raw.n), aggregated: Number(rolled?.n ?? 0) };
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number | null> {
  const began = performance.now();
  while (performance.now() - began < timeoutMs) {
    if (await check()) return performance.now() - began;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return null;
}

/**
 * 0. The commit alone, before any server starts: one-beacon batches written one after another, in
 * pairs — the repository's INSERT (asynchronous commit, decision 058) and the same INSERT as it was
 * before, committed durably — so both meet the same disk and the same load. Median and p99 in ms.
 */
async function commitCost(pairs: number) {
  const contentId = await newContent();
  const views = viewRepository(db);
  const durable: number[] = [];
  const asynchronous: number[] = [];
  for (let n = 0; n < pairs; n += 1) {
    const event = { contentId, channelId: channel, viewerId: randomUUID(), kind: 'HEARTBEAT' as const, seconds: 1, position: 1 };
    let began = performance.now();
    await views.insertEvents([event], new Date());
    asynchronous.push(performance.now() - began);
    began = performance.now();
    await sql`
      INSERT INTO view_events (content_id, channel_id, viewer_id, kind, seconds, position, received_at)
      VALUES (${event.contentId}, ${event.channelId}, ${event.viewerId}, ${event.kind}, ${event.seconds}, ${event.position}, ${new Date()})
    `.execute(db);
    durable.push(performance.now() - began);
  }
  const at = (list: number[], q: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))]?.toFixed(2);
  // Written straight here, not through the route: out of the counts below (their own content).
  return { durable: { median: at(durable, 0.5), p99: at(durable, 0.99) }, asynchronous: { median: at(asynchronous, 0.5), p99: at(asynchronous, 0.99) } };
}
// Today's partitions first, as the studio makes them before it takes a beacon: the commit step below
// writes before any server has started.
await viewRollupService(db, systemClock, { graceMs: 0 }).preparePartitions();
const commits = await commitCost(Number(process.env.BENCH_COMMIT_PAIRS ?? 500));

const baseline = await start('serve-baseline.ts', { PORT: '18091' });
const web = await start('serve-views.ts', { PORT: '18090', DATABASE_URL: database.url, JOBS: 'off', ...viewEnv });
let worker = await start('serve-views.ts', { PORT: '18092', DATABASE_URL: database.url, JOBS: 'on', ...viewEnv });

// 1. Throughput: the bare route, then the beacon route with one beacon a request and with batches.
const bare = await load('http://127.0.0.1:18091/bare', undefined);
// The bare route's own p99 at the paced rate: what this machine (and its load) allows any route.
const barePaced = await load('http://127.0.0.1:18091/bare', undefined, PACED_RATE);
const single = await newContent();
const one = await load(`${WEB}/api/public/beacons`, heartbeatBodies(single, 1));
const batched = await newContent();
// The roll-up's process is killed mid-run (SIGKILL: no clean stop, a window may be half added) and a new one started.
const killer = setTimeout(() => worker.kill('SIGKILL'), (DURATION * 1000) / 2);
const many = await load(`${WEB}/api/public/beacons`, heartbeatBodies(batched, BATCH));
clearTimeout(killer);
worker = await start('serve-views.ts', { PORT: '18092', DATABASE_URL: database.url, JOBS: 'on', ...viewEnv });

/** The web server's event-loop delay per second (serve-views.ts) between a reset and now. */
const loopReset = () => web.send('loop-reset');
const loopReport = () =>
  new Promise<{ p99: number; max: number }[]>((resolve) => {
    const listen = (message: unknown) => {
      if (message && typeof message === 'object' && 'loop' in message) {
        web.off('message', listen);
        resolve((message as { loop: { p99: number; max: number }[] }).loop);
      }
    };
    web.on('message', listen);
    web.send('loop-report');
  });

/**
 * Before each paced run, the database does now what the burst before it left for later: the dirty
 * pages of the throughput runs (hundreds of thousands of rows in seconds) written out by a checkpoint,
 * and their partition vacuumed and analysed. Otherwise autovacuum and the checkpointer take one of
 * the two cores in the middle of a paced run, on the backlog of a burst that a steady 2,000/s never
 * makes (BENCH_SETTLE=0 leaves it to them, as before).
 */
async function settle() {
  if (process.env.BENCH_SETTLE === '0') return;
  // The vacuum first: the pages it dirties are written by the checkpoint after it, not during the run.
  await sql`VACUUM (ANALYZE) view_events`.execute(db);
  // CHECKPOINT needs a superuser or pg_checkpoint: a BENCH_DATABASE_URL without either runs unsettled in that respect.
  await sql`CHECKPOINT`.execute(db).catch((error: unknown) => console.warn(`no CHECKPOINT before the paced run: ${(error as Error).message}`));
}

// 2a. The paced run with no roll-up running anywhere: what the route alone costs at 2,000/s.
worker.kill('SIGKILL');
await settle();
await new Promise((resolve) => setTimeout(resolve, 500));
const pacedAlone = await newContent();
loopReset();
const pacedAloneResult = await load(`${WEB}/api/public/beacons`, heartbeatBodies(pacedAlone, 1), PACED_RATE);
const loopAlone = await loopReport();
worker = await start('serve-views.ts', { PORT: '18092', DATABASE_URL: database.url, JOBS: 'on', ...viewEnv });
// The restarted roll-up first catches up what 2a left: the paced run below starts after that, so it
// measures the roll-up's steady work beside the route, not a backlog's catch-up.
await until(async () => {
  const count = await counts(pacedAlone);
  return count.raw === count.aggregated;
}, 120_000);

// 2. p99 at 2,000 beacons a second, evenly paced, one beacon a request; 3. the lag, measured meanwhile.
await settle();
const paced = await newContent();
loopReset();
const pacedRun = load(`${WEB}/api/public/beacons`, heartbeatBodies(paced, 1), PACED_RATE);
await new Promise((resolve) => setTimeout(resolve, (DURATION * 1000) / 2));
const marker = await newContent();
const sentAt = performance.now();
await fetch(`${WEB}/api/public/beacons`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ viewerId: randomUUID(), beacons: [{ contentId: marker, kind: 'VIEW_START' }] }) });
const lagWait = await until(async () => {
  const row = await db.selectFrom('content_views_hourly').select('views').where('content_id', '=', marker).executeTakeFirst();
  return Boolean(row && Number(row.views) > 0);
}, 120_000);
const lag = lagWait === null ? null : performance.now() - sentAt;
const pacedResult = await pacedRun;
const loopPaced = await loopReport();

// 4. Everything taken is aggregated exactly once, across the killed roll-up.
const settled = await until(async () => {
  const all = await Promise.all([single, batched, paced, pacedAlone].map(counts));
  return all.every((count) => count.raw === count.aggregated);
}, 120_000);
const final = await Promise.all([single, batched, paced, pacedAlone].map(counts));
const accepted = { single: one.ok, batched: many.ok * BATCH, paced: pacedResult.ok, pacedAlone: pacedAloneResult.ok };

const beaconsPerSecond = Math.round((many.ok * BATCH) / DURATION);
const rows = [
  { what: 'bare Fastify route (own process)', 'req/s': bare.rps, 'beacons/s': '', 'vs bare': '100%', p99: bare.p99, errors: bare.errors },
  { what: `bare Fastify route, paced ${PACED_RATE}/s`, 'req/s': Math.round(barePaced.requests / DURATION), 'beacons/s': '', 'vs bare': '', p99: barePaced.p99, errors: barePaced.errors },
  { what: 'POST /api/public/beacons, 1 beacon a request', 'req/s': one.rps, 'beacons/s': Math.round(one.ok / DURATION), 'vs bare': `${Math.round((100 * one.ok) / DURATION / Math.max(1, bare.rps))}%`, p99: one.p99, errors: one.errors },
  { what: `POST /api/public/beacons, ${BATCH} beacons a request (roll-up killed mid-run)`, 'req/s': many.rps, 'beacons/s': beaconsPerSecond, 'vs bare': `${Math.round((100 * beaconsPerSecond) / Math.max(1, bare.rps))}%`, p99: many.p99, errors: many.errors },
  { what: `paced ${PACED_RATE}/s, 1 beacon a request, no roll-up running`, 'req/s': Math.round(pacedAloneResult.requests / DURATION), 'beacons/s': Math.round(pacedAloneResult.ok / (DURATION + WARMUP)), 'vs bare': '', p99: pacedAloneResult.p99, errors: pacedAloneResult.errors },
  { what: `paced ${PACED_RATE}/s, 1 beacon a request`, 'req/s': Math.round(pacedResult.requests / DURATION), 'beacons/s': Math.round(pacedResult.ok / (DURATION + WARMUP)), 'vs bare': '', p99: pacedResult.p99, errors: pacedResult.errors },
];
console.table(rows);
console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average at start ${loadAtStart.map((n) => n.toFixed(2)).join(' ')}, at end ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
console.log(`beacons accepted per second: ${beaconsPerSecond} in batches of ${BATCH} (${Math.round((100 * beaconsPerSecond) / Math.max(1, bare.rps))}% of the bare route's ${bare.rps} req/s; budget ≥ 25% and ≥ 10,000/s)`);
console.log(`p99 at a paced ${PACED_RATE}/s: ${pacedResult.p99} ms over ${DURATION} s after a ${WARMUP} s warm-up (budget ≤ 20 ms; the bare route's own at that pace: ${barePaced.p99} ms)`);
const perSecond = (list: number[]) => list.map((n) => n.toFixed(1)).join(' ');
console.log(`paced p99 per second of the run (ms), roll-up running: ${perSecond(pacedResult.p99BySecond)} (the ${WARMUP} s warm-up before it, not counted: ${pacedResult.warmupP99 ?? '-'})`);
console.log(`load generator's own lateness, most per second (ms), roll-up running: ${perSecond(pacedResult.lateBySecond)}`);
console.log(`web server's event-loop delay p99 per second (ms), roll-up running: ${perSecond(loopPaced.map((s) => s.p99))}; max per second: ${perSecond(loopPaced.map((s) => s.max))}`);
console.log(`paced p99 per second of the run (ms), no roll-up: ${perSecond(pacedAloneResult.p99BySecond)} (the ${WARMUP} s warm-up before it, not counted: ${pacedAloneResult.warmupP99 ?? '-'})`);
console.log(`load generator's own lateness, most per second (ms), no roll-up: ${perSecond(pacedAloneResult.lateBySecond)}`);
console.log(`web server's event-loop delay p99 per second (ms), no roll-up: ${perSecond(loopAlone.map((s) => s.p99))}; max per second: ${perSecond(loopAlone.map((s) => s.max))}`);
console.log(`one beacon's INSERT alone, one after another (${process.env.BENCH_COMMIT_PAIRS ?? 500} pairs): durable commit median ${commits.durable.median} ms, p99 ${commits.durable.p99} ms; asynchronous commit (decision 058) median ${commits.asynchronous.median} ms, p99 ${commits.asynchronous.p99} ms`);
console.log(`lag from a beacon to its aggregate, under the paced load: ${lag === null ? 'not within 120 s' : `${(lag / 1000).toFixed(1)} s`} (budget ≤ 60 s)`);
for (const [name, count, taken] of [
  ['1 a request', final[0], accepted.single],
  [`${BATCH} a request, roll-up killed`, final[1], accepted.batched],
  ['paced', final[2], accepted.paced],
  ['paced, no roll-up during the run', final[3], accepted.pacedAlone],
] as const) {
  // Requests still in flight when the generator stops are stored without their answer being counted: taken ≤ stored.
  const exact = count?.raw === count?.aggregated && taken <= (count?.raw ?? 0);
  console.log(`count (${name}): answered 2xx ${taken}, stored ${count?.raw}, aggregated ${count?.aggregated}: ${exact ? 'nothing lost, nothing counted twice' : 'MISMATCH'}`);
}
if (settled === null) console.log('the roll-up had not caught up within 120 s');

for (const child of [web, worker, baseline]) child.kill('SIGTERM');
await db.destroy();
await database.close();
rmSync(scratch, { recursive: true, force: true });
