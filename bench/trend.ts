// `npm run bench:trend`: the trend's ranking read (issue 23, point 5) at 1,000 aggregate rows and
// again beside millions of older ones. 1,000 public contents on 20 channels get views in the last
// 24 hours (content_views_hourly) and the last 7 Korean days (content_views_daily); the ranking is
// timed (the repository's one statement, median and p95 of many runs, no cache); then 90 days of
// history before both periods and the periods before them are added to both tables (millions of
// rows), the tables are vacuumed and analysed, and it is timed again. Prints the plan's scan of each
// aggregate (migration 0029's indexes: an index-only range scan of the periods) and the ratios.
// Uses BENCH_DATABASE_URL when set (a database it may fill), else an embedded PostgreSQL.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { TREND_LIST_MAX, TREND_RISING_MIN_VIEWS, type TrendPeriod } from '@studio/contract/trend';
import { createDb } from '../apps/server/src/db/database';
import type { Database } from '../apps/server/src/db/schema';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { trendRepository, type TrendRanking } from '../apps/server/src/modules/trend/trend-repository';
import { trendWindow } from '../apps/server/src/modules/trend/trend-service';
import { createChannel } from '../apps/server/src/seed/factories';
import { benchDatabase } from './bench-database';

const CONTENTS = Number(process.env.BENCH_TREND_CONTENTS ?? 1_000);
const HISTORY_DAYS = Number(process.env.BENCH_TREND_HISTORY_DAYS ?? 90);
const RUNS = Number(process.env.BENCH_TREND_RUNS ?? 200);
const HOUR = 3_600_000;

const database = await benchDatabase('trend');
const db = createDb(database.url, { max: 2, statementTimeoutMs: 0, connectTimeoutMs: 60_000 });
await migrateToLatest(db);
const now = new Date();
const trend = trendRepository(db);

const tag = Date.now().toString(36);
const channels: number[] = [];
for (let n = 0; n < 20; n += 1) channels.push(await createChannel(db, { name: `bench trend ${tag} ${n}`, channel_type: n % 2 ? 'MEDIA_CHANNEL' : 'CONTENTS_CHANNEL', status: 'SERVICE' }));
const { rows: created } = await sql<{ id: number; channel_id: number }>`
  INSERT INTO contents (channel_id, kind, status, title, created_at, updated_at)
  SELECT (${channels}::bigint[])[1 + n % 20], (ARRAY['CONTENT_VIEW', 'SHORTS', 'NEWS', 'POST', 'LIVE'])[1 + n % 5], 'PUBLIC', 'trend ' || n, now(), now()
  FROM generate_series(1, ${CONTENTS}) AS n
  RETURNING id, channel_id
`.execute(db);
const ids = created.map((row) => row.id);

// The periods: each content one hourly row somewhere in the last 24 hours and one daily row in the last 7 days.
const hourly = trendWindow(now, '24h');
const daily = trendWindow(now, '7d');
await sql`
  INSERT INTO content_views_hourly (content_id, hour, channel_id, views)
  SELECT c.id, ${hourly.from}::timestamptz + make_interval(hours => (c.id % 24)::int), c.channel_id, 1 + (c.id * 7919) % 500
  FROM contents c WHERE c.id = ANY(${ids})
`.execute(db);
await sql`
  INSERT INTO content_views_daily (content_id, day, channel_id, views)
  SELECT c.id, ${daily.from}::date + (c.id % 7)::int, c.channel_id, 1 + (c.id * 7919) % 5000
  FROM contents c WHERE c.id = ANY(${ids})
`.execute(db);

async function counts(): Promise<{ hourly: number; daily: number }> {
  const { rows } = await sql<{ hourly: string; daily: string }>`SELECT (SELECT count(*) FROM content_views_hourly) AS hourly, (SELECT count(*) FROM content_views_daily) AS daily`.execute(db);
  return { hourly: Number(rows[0]?.hourly), daily: Number(rows[0]?.daily) };
}

function query(period: TrendPeriod): TrendRanking {
  const { source, previousFrom, from, to } = trendWindow(now, period);
  return { source, previousFrom, from, to, kind: undefined, channelType: undefined, limit: TREND_LIST_MAX, risingMinViews: TREND_RISING_MIN_VIEWS };
}

async function time(period: TrendPeriod): Promise<{ median: number; p95: number; items: number }> {
  const ranking = query(period);
  let items = 0;
  for (let n = 0; n < 10; n += 1) items = (await trend.ranking(ranking)).length;
  const took: number[] = [];
  for (let n = 0; n < RUNS; n += 1) {
    const started = performance.now();
    await trend.ranking(ranking);
    took.push(performance.now() - started);
  }
  took.sort((a, b) => a - b);
  return { median: took[Math.floor(RUNS / 2)] ?? 0, p95: took[Math.floor(RUNS * 0.95)] ?? 0, items };
}

// The ranking's own statement, as the repository sends it, caught on its way out to be explained.
const explainPool = new pg.Pool({ connectionString: database.url, max: 1 });
let caught: { sql: string; parameters: readonly unknown[] } | undefined;
const catching = new Kysely<Database>({
  dialect: new PostgresDialect({ pool: explainPool }),
  log: (event) => {
    if (event.level === 'query') caught = { sql: event.query.sql, parameters: event.query.parameters };
  },
});

/** The ranking's plan, run (EXPLAIN ANALYZE): its scans of the aggregate and the time PostgreSQL took. */
async function scans(period: TrendPeriod): Promise<string> {
  await trendRepository(catching).ranking(query(period));
  if (!caught) throw new Error('the ranking sent no statement');
  const { rows } = await explainPool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE) ${caught.sql}`, [...caught.parameters]);
  const lines = rows.map((row) => row['QUERY PLAN'].trim());
  const scanned = lines
    .filter((line) => /Scan on content_views|Scan using content_views/.test(line))
    .map((line) => line.replace(/\s+\(cost=.*$/, '').replace(/^->\s*/, ''));
  return `${[...new Set(scanned)].join('; ')}; ${lines.find((line) => line.startsWith('Execution Time')) ?? ''}`;
}

await sql`VACUUM ANALYZE content_views_hourly, content_views_daily, contents, channels`.execute(db);
const small = { rows: await counts(), h24: await time('24h'), d7: await time('7d'), plan24: await scans('24h'), plan7: await scans('7d') };

// History before both periods and the ones before them: every content, every hour and day of HISTORY_DAYS.
const historyEnd = new Date(Date.parse(hourly.previousFrom) - HOUR);
await sql`
  INSERT INTO content_views_hourly (content_id, hour, channel_id, views)
  SELECT c.id, ${historyEnd}::timestamptz - make_interval(hours => h), c.channel_id, 1 + (c.id + h) % 50
  FROM contents c CROSS JOIN generate_series(0, ${HISTORY_DAYS * 24 - 1}) AS h
  WHERE c.id = ANY(${ids})
`.execute(db);
await sql`
  INSERT INTO content_views_daily (content_id, day, channel_id, views)
  SELECT c.id, ${daily.previousFrom}::date - 1 - d, c.channel_id, 1 + (c.id + d) % 500
  FROM contents c CROSS JOIN generate_series(0, ${HISTORY_DAYS - 1}) AS d
  WHERE c.id = ANY(${ids})
`.execute(db);
await sql`VACUUM ANALYZE content_views_hourly, content_views_daily, contents, channels`.execute(db);
const large = { rows: await counts(), h24: await time('24h'), d7: await time('7d'), plan24: await scans('24h'), plan7: await scans('7d') };

// The same read without migration 0029's indexes (dropped for this run, then made again): what they save.
await sql`DROP INDEX content_views_hourly_hour; DROP INDEX content_views_daily_day`.execute(db);
await sql`ANALYZE content_views_hourly, content_views_daily`.execute(db);
const bare = { rows: large.rows, h24: await time('24h'), d7: await time('7d'), plan24: await scans('24h'), plan7: await scans('7d') };
await sql`
  CREATE INDEX content_views_hourly_hour ON content_views_hourly (hour) INCLUDE (content_id, views);
  CREATE INDEX content_views_daily_day ON content_views_daily (day) INCLUDE (content_id, views);
`.execute(db);

const ms = (value: number) => value.toFixed(2);
const stages = [
  ['1k aggregate rows', small],
  ['with 90 days of history', large],
  ['with history, without the 0029 indexes', bare],
] as const;
const table = [
  '| stage | hourly rows | daily rows | 24 h median ms | 24 h p95 ms | 7 d median ms | 7 d p95 ms | 24 h plan | 7 d plan |',
  '|---|---|---|---|---|---|---|---|---|',
  ...stages.map(
    ([label, stage]) =>
      `| ${label} | ${stage.rows.hourly.toLocaleString('en')} | ${stage.rows.daily.toLocaleString('en')} | ${ms(stage.h24.median)} | ${ms(stage.h24.p95)} | ${ms(stage.d7.median)} | ${ms(stage.d7.p95)} | ${stage.plan24} | ${stage.plan7} |`,
  ),
];
const ratio = `history / 1k, median: 24 h ${(large.h24.median / small.h24.median).toFixed(2)}×, 7 d ${(large.d7.median / small.d7.median).toFixed(2)}×; without the indexes: 24 h ${(bare.h24.median / small.h24.median).toFixed(2)}×, 7 d ${(bare.d7.median / small.d7.median).toFixed(2)}×`;
console.log(table.join('\n'));
console.log(ratio);
const report = `# The trend's ranking read at 1,000 aggregate rows and beside millions of older ones

${new Date().toISOString()} · ${cpus().length} × ${cpus()[0]?.model.split(' ').slice(0, 2).join(' ') ?? 'CPU'}, load average ${loadavg()
  .map((value) => value.toFixed(2))
  .join(' ')}, Node ${process.version} · \`npm run bench:trend\` · ${CONTENTS.toLocaleString('en')} public contents on 20 channels ranked · ${RUNS} runs of each read, one at a time.

Issue 23, point 5 (decision 044): the trend ranks every content's views of the last 24 hours (\`content_views_hourly\`) or 7 Korean days (\`content_views_daily\`) beside the period before, in one statement (\`modules/trend/trend-repository.ts\`), timed here in the bench's process without the service's cache. Then ${HISTORY_DAYS} days of history before both periods are added for every content and the read is timed again; then once more with migration 0029's time-leading indexes dropped. The plan columns are the statement's scans of the aggregate under \`EXPLAIN ANALYZE\` and PostgreSQL's own execution time of one run.

${table.join('\n')}

${ratio}.
`;
writeFileSync(path.join(import.meta.dirname, 'TREND-RESULTS.md'), report);

await sql`DELETE FROM content_views_hourly WHERE content_id = ANY(${ids})`.execute(db);
await sql`DELETE FROM content_views_daily WHERE content_id = ANY(${ids})`.execute(db);
await sql`DELETE FROM contents WHERE id = ANY(${ids})`.execute(db);
await catching.destroy();
await db.destroy();
await database.close();
