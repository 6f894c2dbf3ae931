// Budget: hot API reads on PostgreSQL hold p99 ≤ 20 ms at 1,000 req/s on 2 cores,
// and at least half the throughput of a bare Fastify route measured in the same run.
// Uses BENCH_DATABASE_URL when set (a database it may fill), else an embedded PostgreSQL.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/database';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { systemClock } from '../apps/server/src/lib/clock';
import { sessionCookieName } from '../apps/server/src/plugins/session';
import { sessionRepository } from '../apps/server/src/plugins/session-repository';
import { seedDemoWorld } from '../apps/server/src/seed/demo';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const FILLER_ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);

async function run(url: string, cookie: string | undefined, options: { rate?: number }) {
  const result = await autocannon({
    url,
    connections: 20,
    duration: DURATION,
    headers: cookie ? { cookie } : {},
    ...(options.rate ? { overallRate: options.rate } : {}),
  });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

let dataDir: string | undefined;
let databaseUrl = process.env.BENCH_DATABASE_URL;
let stopEmbedded: (() => Promise<void>) | undefined;
if (!databaseUrl) {
  dataDir = await mkdtemp(path.join(tmpdir(), 'studio-bench-'));
  await chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir, port: 54_399 });
  databaseUrl = embedded.url;
  stopEmbedded = () => embedded.stop();
}
const db = createDb(databaseUrl, { max: 10 });
await migrateToLatest(db);
await seedDemoWorld(db, new Date());
const creator = await db.selectFrom('users').select('id').where('login', '=', 'creator').executeTakeFirstOrThrow();
const filler = await db.selectFrom('users').select('id').where('login', '=', 'manager').executeTakeFirstOrThrow();
const existing = await db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
if (Number(existing.count) < FILLER_ROWS) {
  console.log(`filling ${FILLER_ROWS.toLocaleString()} notifications (another user) and 10,000 for creator…`);
  await sql`INSERT INTO notifications (user_id, message, created_at) SELECT ${filler.id}, 'filler ' || n, now() - n * interval '1 second' FROM generate_series(1, ${FILLER_ROWS}) AS n`.execute(db);
  await sql`INSERT INTO notifications (user_id, message, created_at, read_at) SELECT ${creator.id}, 'mine ' || n, now() - n * interval '1 minute', CASE WHEN n % 3 = 0 THEN NULL ELSE now() END FROM generate_series(1, 10000) AS n`.execute(db);
  // As autovacuum would have by now: statistics and the visibility map (index-only scans).
  await sql`VACUUM ANALYZE notifications`.execute(db);
}
const token = await sessionRepository(db).create(creator.id, null, new Date(Date.now() + 3_600_000));
const cookie = `${sessionCookieName(false)}=${token}`;

const config = loadConfig({ PORT: '18080', DEMO: 'false', NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
const app = await buildApp({ config, db, clock: systemClock, logger: false, backgroundJobs: false });
await app.listen({ port: 18080, host: '127.0.0.1' });
const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ count: 3 }));
await bare.listen({ port: 18081, host: '127.0.0.1' });

const base = 'http://127.0.0.1:18080';
const targets = [
  ['bare Fastify route (baseline)', 'http://127.0.0.1:18081/bare', undefined],
  ['GET /api/my/notifications/unread', `${base}/api/my/notifications/unread`, cookie],
  ['GET /api/my/notifications?size=5', `${base}/api/my/notifications?group=ALL&page=0&size=5`, cookie],
  ['GET /api/my/notifications?page=1900', `${base}/api/my/notifications?group=ALL&page=1900&size=5`, cookie],
  ['GET /api/my/channels', `${base}/api/my/channels`, cookie],
] as const;

const rows = [];
let baseline = 0;
for (const [name, url, withCookie] of targets) {
  const max = await run(url, withCookie, {});
  const paced = await run(url, withCookie, { rate: 1000 });
  if (!baseline) baseline = max.rps;
  rows.push({
    endpoint: name,
    'max req/s': max.rps,
    'vs bare': `${((max.rps / baseline) * 100).toFixed(0)}%`,
    'p99 @1000/s (ms)': paced.p99,
    'p50 @1000/s (ms)': paced.p50,
    errors: max.errors + paced.errors,
  });
}
console.table(rows);
console.log('budget: p99 ≤ 20 ms at 1,000 req/s, and ≥ 50% of the bare route’s max req/s');

await app.close();
await bare.close();
await db.destroy();
await stopEmbedded?.();
if (dataDir) await rm(dataDir, { recursive: true, force: true });
