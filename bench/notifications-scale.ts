// `npm run bench:notifications`: the notification hot paths (issue #10) for a person with 100
// notifications and for one with 1,000,000 (the worst case: a whole table's worth in one history),
// timed through the studio's own repository against PostgreSQL. Sequential single queries from this
// process (no load generator: this measures how a query's cost grows with the history, not throughput;
// `npm run bench` measures the HTTP routes under load). Writes bench/NOTIFICATIONS.md.
// Uses BENCH_DATABASE_URL when set (a database it may fill), else an embedded PostgreSQL.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { notificationRepository } from '../apps/server/src/modules/notifications/notification-repository';
import { createChannel, createPerson } from '../apps/server/src/seed/factories';
import { benchDatabase } from './bench-database';

const LARGE = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SMALL = 100;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const UNREAD_BEFORE_MARK_ALL = 20;

const database = await benchDatabase('notifications');
const databaseUrl = database.url;
const db = createDb(databaseUrl, { max: 2, statementTimeoutMs: 0 });
await migrateToLatest(db);
const repository = notificationRepository(db);

/** A person with `rows` notifications: every third from the operator, the rest about one channel; all read. */
async function personWith(rows: number, label: string) {
  const person = await createPerson(db, { login: `bench-${label}-${Date.now().toString(36)}`, name: label });
  const channel = await createChannel(db, { name: `bench channel ${label} ${Date.now().toString(36)}` });
  console.log(`writing ${rows.toLocaleString()} notifications for ${label}…`);
  await sql`
    INSERT INTO notifications (user_id, channel_id, type, params, message, created_at, read_at)
    SELECT ${person.userId}, CASE WHEN n % 3 = 0 THEN NULL ELSE ${channel}::bigint END,
      CASE WHEN n % 3 = 0 THEN 'OPERATOR_MESSAGE' ELSE 'MEMBER_LEFT' END, '{}'::jsonb, 'bench ' || n,
      now() - n * interval '1 second', now()
    FROM generate_series(1, ${rows}) AS n`.execute(db);
  const ids = await db.selectFrom('notifications').select('id').where('user_id', '=', person.userId).orderBy('id', 'desc').execute();
  return { userId: person.userId, channel, ids: ids.map((row) => row.id) };
}

const small = await personWith(SMALL, 'small');
const large = await personWith(LARGE, 'large');
// As autovacuum would have by now: statistics and the visibility map.
await sql`VACUUM ANALYZE notifications`.execute(db);
await sql`VACUUM ANALYZE user_counters`.execute(db);

type Person = typeof small;

async function time(runs: number, body: () => Promise<unknown>, before?: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const samples: number[] = [];
  for (let run = 0; run < runs + 5; run++) {
    await before?.();
    const started = performance.now();
    await body();
    if (run >= 5) samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

const cases: [string, (person: Person) => () => Promise<unknown>, ((person: Person) => () => Promise<unknown>)?][] = [
  ['list ALL, first 20 (with exact totalElements)', (p) => () => repository.list(p.userId, 'ALL', { page: 0, size: 20 })],
  ['list ADMIN, first 20', (p) => () => repository.list(p.userId, 'ADMIN', { page: 0, size: 20 })],
  ['list CHANNEL, first 20', (p) => () => repository.list(p.userId, 'CHANNEL', { page: 0, size: 20 })],
  ['list ALL, keyset 20 after 90% of the history', (p) => () => repository.list(p.userId, 'ALL', { page: 0, size: 20, cursor: p.ids[Math.floor(p.ids.length * 0.9)] ?? 1 })],
  ['one channel\'s list, first 20 (capped total)', (p) => () => repository.list(p.userId, 'ALL', { page: 0, size: 20 }, p.channel)],
  ['unread count (counter row)', (p) => () => repository.unreadCount(p.userId)],
  ['one notification for a stream announcement', (p) => () => repository.findOwn(p.userId, p.ids[0] ?? 1)],
  ['Last-Event-ID catch-up (50 after a recent id)', (p) => () => repository.after(p.userId, p.ids[60] ?? 1, 50)],
  [
    `mark all read (${UNREAD_BEFORE_MARK_ALL} unread)`,
    (p) => () => repository.markAllRead(p.userId, new Date()),
    (p) => () =>
      db.updateTable('notifications').set({ read_at: null }).where('id', 'in', p.ids.slice(0, UNREAD_BEFORE_MARK_ALL)).execute(),
  ],
  ['for comparison: COUNT(*) of the history (what totalElements used to cost)', (p) => async () =>
    db.selectFrom('notifications').select((eb) => eb.fn.countAll().as('count')).where('user_id', '=', p.userId).executeTakeFirst()],
];

const rows: string[] = [];
for (const [label, make, prepare] of cases) {
  const runs = label.startsWith('for comparison') ? 20 : RUNS;
  const a = await time(runs, make(small), prepare?.(small));
  const b = await time(runs, make(large), prepare?.(large));
  const line = `| ${label} | ${a.p50.toFixed(2)} | ${a.p95.toFixed(2)} | ${b.p50.toFixed(2)} | ${b.p95.toFixed(2)} | ${(b.p50 / a.p50).toFixed(1)}× |`;
  console.log(line);
  rows.push(line);
}

const machine = `${cpus().length} × ${cpus()[0]?.model.split(' ').slice(0, 2).join(' ') ?? 'cpu'}, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}, Node ${process.version}`;
writeFileSync(
  path.join(import.meta.dirname, 'NOTIFICATIONS.md'),
  `# Notification hot paths at ${SMALL} and ${LARGE.toLocaleString()} notifications in one person's history\n\n` +
    `${new Date().toISOString()} · ${machine} · ${RUNS} runs per case (20 for the COUNT(*) comparison), milliseconds, one query at a time from one client.\n` +
    `Issue #10: the list, the unread count and mark-all stay as fast at 1,000,000 as at 100 (keyset paging, counters kept in the transaction of each change, partial indexes).\n\n` +
    `| operation | p50 @${SMALL} | p95 @${SMALL} | p50 @${LARGE.toLocaleString()} | p95 @${LARGE.toLocaleString()} | p50 ratio |\n|---|---|---|---|---|---|\n${rows.join('\n')}\n`,
);
await db.destroy();
await database.close();
