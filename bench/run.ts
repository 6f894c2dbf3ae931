// `npm run bench`: the studio server, a bare Fastify baseline and the load generator (autocannon),
// each in a process of its own, so no figure includes the generator's own work on the server's cores.
// Uses BENCH_DATABASE_URL when set (a database it may fill), else an embedded PostgreSQL.
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { createDb } from '../apps/server/src/db/database';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { sessionCookieName } from '../apps/server/src/plugins/session';
import { sessionRepository } from '../apps/server/src/plugins/session-repository';
import { seedDemoWorld } from '../apps/server/src/seed/demo';

const run = promisify(execFile);
const here = import.meta.dirname;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const FILLER_ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PACED_RATE = 1000;

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
const db = createDb(databaseUrl, { max: 2, statementTimeoutMs: 0 });
await migrateToLatest(db);
await seedDemoWorld(db, new Date());
const creator = await db.selectFrom('users').select('id').where('login', '=', 'creator').executeTakeFirstOrThrow();
const filler = await db.selectFrom('users').select('id').where('login', '=', 'manager').executeTakeFirstOrThrow();
const existing = await db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
if (Number(existing.count) < FILLER_ROWS) {
  console.log(`filling ${FILLER_ROWS.toLocaleString()} notifications (another user) and 10,000 for creator…`);
  await sql`INSERT INTO notifications (user_id, type, message, created_at) SELECT ${filler.id}, 'OPERATOR_MESSAGE', 'filler ' || n, now() - n * interval '1 second' FROM generate_series(1, ${FILLER_ROWS}) AS n`.execute(db);
  await sql`INSERT INTO notifications (user_id, type, message, created_at, read_at) SELECT ${creator.id}, 'OPERATOR_MESSAGE', 'mine ' || n, now() - n * interval '1 minute', CASE WHEN n % 3 = 0 THEN NULL ELSE now() END FROM generate_series(1, 10000) AS n`.execute(db);
  // As autovacuum would have by now: statistics and the visibility map (index-only scans).
  await sql`VACUUM ANALYZE notifications`.execute(db);
}
const token = await sessionRepository(db).create(creator.id, null, new Date(Date.now() + 3_600_000));
const cookie = `${sessionCookieName(false)}=${token}`;
const databaseName = new URL(databaseUrl).pathname.slice(1);

function start(script: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = fork(path.join(here, script), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** CPU time (user + system) a process has used, in µs, from /proc (clock ticks of 10 ms). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** Transactions committed in the bench database: each autocommit statement is one round trip. */
async function commits(): Promise<number> {
  const row = await sql<{ n: number }>`SELECT xact_commit::bigint AS n FROM pg_stat_database WHERE datname = ${databaseName}`.execute(db);
  return Number(row.rows[0]?.n ?? 0);
}

type Load = { rps: number; requests: number; p50: number; p99: number; errors: number };
async function load(url: string, withCookie: boolean, rate?: number): Promise<Load> {
  const args = ['-c', '20', '-d', String(DURATION), '-j', ...(withCookie ? ['-H', `cookie=${cookie}`] : []), ...(rate ? ['-R', String(rate)] : []), url];
  const { stdout } = await run(path.join(here, '../node_modules/.bin/autocannon'), args, { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
  return { rps: Math.round(result.requests.average), requests: result.requests.total, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const studio = await start('serve-studio.ts', { PORT: '18080', DATABASE_URL: databaseUrl });
const baseline = await start('serve-baseline.ts', { PORT: '18081' });
const base = 'http://127.0.0.1:18080';
const routes = [
  ['GET /api/my/notifications/unread', '/api/my/notifications/unread'],
  ['GET /api/me', '/api/me'],
  ['GET /api/my/channels', '/api/my/channels'],
  ['GET /api/my/notifications page 0', '/api/my/notifications?group=ALL&page=0&size=5'],
  ['GET /api/my/notifications page 1900', '/api/my/notifications?group=ALL&page=1900&size=5'],
  ['GET /api/channels/management', '/api/channels/management?page=0'],
] as const;

const bare = await load('http://127.0.0.1:18081/bare', false);
const barePaced = await load('http://127.0.0.1:18081/bare', false, PACED_RATE);
const rows: Record<string, string | number>[] = [
  { route: 'bare Fastify route (baseline, own process)', 'max req/s': bare.rps, 'vs bare': '100%', 'p50 @1000/s': barePaced.p50, 'p99 @1000/s': barePaced.p99, 'CPU µs/req': '', 'round trips/req': 0, errors: bare.errors + barePaced.errors },
];
for (const [name, route] of routes) {
  const cpuBefore = cpuMicros(studio.pid ?? 0);
  const commitsBefore = await commits();
  const max = await load(`${base}${route}`, true);
  const cpu = (cpuMicros(studio.pid ?? 0) - cpuBefore) / Math.max(1, max.requests);
  // Less the bench's own one query for the count itself.
  const trips = (await commits()) - commitsBefore - 1;
  const paced = await load(`${base}${route}`, true, PACED_RATE);
  rows.push({
    route: name,
    'max req/s': max.rps,
    'vs bare': `${((max.rps / bare.rps) * 100).toFixed(0)}%`,
    'p50 @1000/s': paced.p50,
    'p99 @1000/s': paced.p99,
    'CPU µs/req': Math.round(cpu),
    'round trips/req': (Math.max(0, trips) / Math.max(1, max.requests)).toFixed(2),
    errors: max.errors + paced.errors,
  });
}
console.table(rows);

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, load average ${loadavg().map((n) => n.toFixed(2)).join(' ')} at the end, Node ${process.version}`;
const header = Object.keys(rows[0] ?? {});
const table = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${header.map((key) => String(row[key])).join(' | ')} |`)].join('\n');
writeFileSync(
  path.join(here, 'RESULTS.md'),
  `# API read benchmark\n\n${new Date().toISOString()} · ${machine} · ${FILLER_ROWS.toLocaleString()} filler notifications · ${DURATION} s per run, 20 connections.\n` +
    `Server, baseline and autocannon each in their own process. Paced runs at ${PACED_RATE} req/s. Round trips are committed transactions in the bench database per request.\n\n` +
    `Budgets (DESIGN.md): unread count and /api/me ≥ 50% of bare; my channels, notification list, management list ≥ 15%; p99 ≤ 20 ms at 1,000 req/s; page 1900 within 1.5× of page 0.\n\n${table}\n`,
);
console.log('written to bench/RESULTS.md');

studio.kill('SIGTERM');
baseline.kill('SIGTERM');
await db.destroy();
await stopEmbedded?.();
if (dataDir) await rm(dataDir, { recursive: true, force: true });
