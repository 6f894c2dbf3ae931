// `npm run bench`: the studio server, a bare Fastify baseline and the load generator (autocannon),
// each in a process of its own, so no figure includes the generator's own work on the server's cores.
// Uses BENCH_DATABASE_URL when set (a database it may fill), else an embedded PostgreSQL.
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { createDb } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { sessionCookieName } from '../apps/server/src/plugins/session';
import { sessionRepository } from '../apps/server/src/plugins/session-repository';
import { seedDemoWorld } from '../apps/server/src/seed/demo';
import { addMember, createPerson } from '../apps/server/src/seed/factories';
import { benchDatabase } from './bench-database';

const run = promisify(execFile);
const here = import.meta.dirname;
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const FILLER_ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PACED_RATE = 1000;

const database = await benchDatabase('api');
const databaseUrl = database.url;
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
const cookieOf = async (userId: number) => `${sessionCookieName(false)}=${await sessionRepository(db).create(userId, null, new Date(Date.now() + 3_600_000))}`;
const cookie = await cookieOf(creator.id);
// Twenty people holding roles on the creator's channels: a route loaded by many people at once, so no
// figure rests on one person's requests sharing work (my channels shares an in-flight query per person).
const people: string[] = [cookie];
const creatorChannels = await db.selectFrom('channel_members').select('channel_id').where('user_id', '=', creator.id).execute();
for (let n = 1; people.length < 20; n++) {
  const login = `bench-person-${n}`;
  const found = await db.selectFrom('users').select('id').where('login', '=', login).executeTakeFirst();
  const userId = found?.id ?? (await createPerson(db, { login })).userId;
  if (!found) for (const { channel_id } of creatorChannels) await addMember(db, channel_id, userId, 'CREDIT_MANAGER');
  people.push(await cookieOf(userId));
}
const studioDaily = await db.selectFrom('channels').select('id').where('name', '=', 'Studio Daily').executeTakeFirstOrThrow();
const loadAtStart = loadavg();

function start(script: string, env: Record<string, string>): Promise<ChildProcess> {
  // BENCH_CPU_PROF=<dir> writes the studio server's CPU profile there (open it in Chrome DevTools).
  const profile = script === 'serve-studio.ts' && process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = fork(path.join(here, script), [], { execArgv: ['--import', 'tsx', ...profile], env: { ...process.env, ...env }, stdio: 'inherit' });
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

/**
 * Queries the studio's pool has sent, asked of the server process: each is one round trip, BEGIN and
 * COMMIT included (PostgreSQL's own transaction statistics count a transaction once, however many
 * statements it holds, and are flushed up to a second late).
 */
function queriesSent(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if (typeof message === 'object' && message !== null && 'queries' in message) {
        child.off('message', onMessage);
        resolve(Number((message).queries));
      }
    };
    child.on('message', onMessage);
    child.send('queries');
  });
}

type Load = { rps: number; requests: number; p50: number; p99: number; errors: number };
/**
 * Loads `url` with 20 connections signed in with `cookies` in turn, from a process of its own: at full
 * speed with autocannon (bench/load.ts); with `rate`, evenly paced (bench/paced.ts: one request every
 * 1/rate s, latency from the moment each was due); with `rate` and `bursts`, by autocannon's own rate
 * option, which sends each second's requests in one burst at the start of the second.
 */
async function load(url: string, cookies: string[], rate?: number, mode: 'even' | 'bursts' = 'even'): Promise<Load> {
  const options = JSON.stringify({ url, cookies, connections: 20, duration: DURATION, ...(rate ? { rate } : {}) });
  const script = rate && mode === 'even' ? 'paced.ts' : 'load.ts';
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(here, script), options], { maxBuffer: 16 * 1024 * 1024 });
  const result = JSON.parse(stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  };
  return { rps: Math.round(result.requests.average), requests: result.requests.total, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}
/** p50 and p99 at PACED_RATE, evenly paced, and autocannon's p99 at the same rate in bursts. */
async function latencies(url: string, cookies: string[]) {
  const even = await load(url, cookies, PACED_RATE);
  const bursts = await load(url, cookies, PACED_RATE, 'bursts');
  return { columns: { 'p50 @1000/s': even.p50, 'p99 @1000/s': even.p99, 'p99 in bursts': bursts.p99 }, errors: even.errors + bursts.errors };
}

const studio = await start('serve-studio.ts', { PORT: '18080', DATABASE_URL: databaseUrl });
// The same server with its read cache off: what each list costs when it is read from PostgreSQL (a
// person's first read, or the first after a change), measured beside the cached figures.
const uncached = await start('serve-studio.ts', { PORT: '18082', DATABASE_URL: databaseUrl, READ_CACHE: 'false' });
const baseline = await start('serve-baseline.ts', { PORT: '18081', DATABASE_URL: databaseUrl });
const CACHED = 'http://127.0.0.1:18080';
const FROM_DB = 'http://127.0.0.1:18082';
const routes: [string, string, string[], string][] = [
  ['GET /api/my/notifications/unread', '/api/my/notifications/unread', [cookie], CACHED],
  ['GET /api/me', '/api/me', [cookie], CACHED],
  ['GET /api/my/channels (20 people)', '/api/my/channels', people, CACHED],
  ['GET /api/my/channels (one person)', '/api/my/channels', [cookie], CACHED],
  ['GET /api/my/notifications page 0', '/api/my/notifications?group=ALL&page=0&size=5', [cookie], CACHED],
  ['GET /api/my/notifications page 1900', '/api/my/notifications?group=ALL&page=1900&size=5', [cookie], CACHED],
  ['GET /api/channels/management', '/api/channels/management?page=0', [cookie], CACHED],
  ['GET /api/channels/{id}/lives', `/api/channels/${studioDaily.id}/lives?page=0&size=30`, [cookie], CACHED],
  ['from PostgreSQL (cache off): my channels (20 people)', '/api/my/channels', people, FROM_DB],
  ['from PostgreSQL (cache off): notifications page 0', '/api/my/notifications?group=ALL&page=0&size=5', [cookie], FROM_DB],
  ['from PostgreSQL (cache off): notifications page 1900', '/api/my/notifications?group=ALL&page=1900&size=5', [cookie], FROM_DB],
  ['from PostgreSQL (cache off): management', '/api/channels/management?page=0', [cookie], FROM_DB],
  ['from PostgreSQL (cache off): lives', `/api/channels/${studioDaily.id}/lives?page=0&size=30`, [cookie], FROM_DB],
];

const bareCpuBefore = cpuMicros(baseline.pid ?? 0);
const bare = await load('http://127.0.0.1:18081/bare', []);
// The bare route's own CPU per request: what every studio route pays on top of it is the difference.
const bareCpu = (cpuMicros(baseline.pid ?? 0) - bareCpuBefore) / Math.max(1, bare.requests);
const barePaced = await latencies('http://127.0.0.1:18081/bare', []);
const rows: Record<string, string | number>[] = [
  { route: 'bare Fastify route (baseline, own process)', 'max req/s': bare.rps, 'vs bare': '100%', 'bare just before': '', ...barePaced.columns, 'CPU µs/req': Math.round(bareCpu), 'round trips/req': 0, errors: bare.errors + barePaced.errors },
];
// The floor of a read that needs the database: the bare route plus one `pg` round trip, same process shape.
const floorCpuBefore = cpuMicros(baseline.pid ?? 0);
const floor = await load('http://127.0.0.1:18081/one-query', []);
const floorCpu = (cpuMicros(baseline.pid ?? 0) - floorCpuBefore) / Math.max(1, floor.requests);
const floorPaced = await latencies('http://127.0.0.1:18081/one-query', []);
rows.push({ route: 'bare route + one pg round trip (floor of a one-round-trip read)', 'max req/s': floor.rps, 'vs bare': `${((floor.rps / bare.rps) * 100).toFixed(0)}%`, 'bare just before': bare.rps, ...floorPaced.columns, 'CPU µs/req': Math.round(floorCpu), 'round trips/req': 1, errors: floor.errors + floorPaced.errors });
// BENCH_ROUTES=<regular expression> measures only the routes whose names match (profiling one route).
const only = process.env.BENCH_ROUTES ? new RegExp(process.env.BENCH_ROUTES) : undefined;
for (const [name, route, cookies, base] of routes.filter(([name]) => !only || only.test(name))) {
  const server = base === CACHED ? studio : uncached;
  // The bare route again, right before: this machine's speed drifts by a third within minutes (other
  // tenants), so each ratio is taken against a baseline measured under the same conditions.
  const bareNow = await load('http://127.0.0.1:18081/bare', []);
  const cpuBefore = cpuMicros(server.pid ?? 0);
  const queriesBefore = await queriesSent(server);
  const max = await load(`${base}${route}`, cookies);
  const cpu = (cpuMicros(server.pid ?? 0) - cpuBefore) / Math.max(1, max.requests);
  const trips = (await queriesSent(server)) - queriesBefore;
  const paced = await latencies(`${base}${route}`, cookies);
  rows.push({
    route: name,
    'max req/s': max.rps,
    'vs bare': `${((max.rps / bareNow.rps) * 100).toFixed(0)}%`,
    'bare just before': bareNow.rps,
    ...paced.columns,
    'CPU µs/req': Math.round(cpu),
    'round trips/req': (Math.max(0, trips) / Math.max(1, max.requests)).toFixed(2),
    errors: max.errors + paced.errors,
  });
}
console.table(rows);

const load3 = (values: number[]) => values.map((n) => n.toFixed(2)).join(' ');
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, load average ${load3(loadAtStart)} at the start and ${load3(loadavg())} at the end, Node ${process.version}`;
const header = Object.keys(rows[0] ?? {});
const table = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((row) => `| ${header.map((key) => String(row[key])).join(' | ')} |`)].join('\n');
writeFileSync(
  path.join(here, 'RESULTS.md'),
  `# API read benchmark\n\n${new Date().toISOString()} · ${machine} · ${FILLER_ROWS.toLocaleString()} filler notifications · ${DURATION} s per run, 20 connections.\n` +
    `Server, baseline and load generator each in their own process. Max req/s by autocannon. \`p50/p99 @${PACED_RATE}/s\` (ms) are evenly paced (bench/paced.ts: one request every ${1000 / PACED_RATE} ms over the 20 connections in turn, each request's latency counted from the moment it was due, as wrk2 does); \`p99 in bursts\` is autocannon's \`overallRate: ${PACED_RATE}\`, which sends each connection's share of a second at full speed at the start of the second: the tail of a 1,000-request burst every second, shown beside the bare route's own. Each route's ratio is to the bare route measured again just before it (\`bare just before\`): the machine's speed drifts within a run. Round trips are the queries the studio's pool sent per request (BEGIN and COMMIT count), counted in the server process.\n\n` +
    `Budgets (docs/ARCHITECTURE.md section 8): unread count and /api/me ≥ 50% of bare; my channels, notification list, management list ≥ 15%; p99 ≤ 20 ms at 1,000 req/s; page 1900 within 1.5× of page 0.\n\n` +
    `The second baseline row is the floor of any read that needs PostgreSQL on this machine: the bare route plus one named prepared \`SELECT\` of one indexed row through \`pg\`, nothing else (no session, no access check, no rows to shape). A one-round-trip studio read cannot beat it.\n\n` +
    `Lists are served from each instance's memory until PostgreSQL announces a change to what they were read from (docs/decisions/025-hot-reads-from-memory.md); the rows marked "from PostgreSQL" are the same routes on a second server with \`READ_CACHE=false\`: what a person's first read, or the first after a change, costs.\n\n${table}\n`,
);
console.log('written to bench/RESULTS.md');

studio.kill('SIGTERM');
uncached.kill('SIGTERM');
baseline.kill('SIGTERM');
await db.destroy();
await database.close();
