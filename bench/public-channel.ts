// `npm run bench:public-channel`: the public channel page's keyset paging (issue 23, point 1) at 100,000
// contents in one channel (two thirds of them public, the rest hidden, deleted or reserved, mixed in
// time) plus a neighbour channel. Times the page's statement, as public-site-repository.ts sends it, for
// page 1 and page 1,000 (its cursor found once by OFFSET), and prints the plan of each (EXPLAIN ANALYZE,
// BUFFERS): which index, how many rows and buffers. The baseline, measured in the same run and on the
// same data: the same statements without the partial index of migration 0040 (dropped inside a
// transaction that is rolled back). No HTTP and no load generator: what is measured is one statement's cost.
// Uses BENCH_DATABASE_URL when set (a database it may fill), else an embedded PostgreSQL.
import { cpus, loadavg } from 'node:os';
import { CompiledQuery, sql } from 'kysely';
import type { PublicContentsCursor } from '@studio/contract/public-site';
import { createDb } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import type { Db } from '../apps/server/src/db/schema';
import { publicSiteRepository } from '../apps/server/src/modules/public-site/public-site-repository';
import { CHANNEL_PAGE_CONTENTS } from '../apps/server/src/modules/public-site/public-site-service';
import { createChannel } from '../apps/server/src/seed/factories';
import { benchDatabase } from './bench-database';

const CONTENTS = Number(process.env.BENCH_CONTENTS ?? 100_000);
const DEEP_PAGE = Number(process.env.BENCH_DEEP_PAGE ?? 1_000);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 200);

const database = await benchDatabase('public-channel');
const db = createDb(database.url, { max: 1, statementTimeoutMs: 0, connectTimeoutMs: 60_000 });
await migrateToLatest(db);
const loadAtStart = loadavg();

const channel = await createChannel(db, { name: `bench public ${Date.now().toString(36)}`, channel_type: 'MEDIA_CHANNEL' });
const neighbour = await createChannel(db, { name: `bench neighbour ${Date.now().toString(36)}`, channel_type: 'MEDIA_CHANNEL' });

/** Every three contents share an instant (ties the id breaks), microseconds included; a tenth were never published (created_at stands in). */
async function seed(channelId: number, count: number) {
  console.log(`writing ${count.toLocaleString()} contents in channel ${channelId}…`);
  await sql`
    INSERT INTO contents (channel_id, author_user_id, kind, status, title, body, created_at, updated_at, published_at)
    SELECT ${channelId}::bigint, NULL,
      (ARRAY['CONTENT_VIEW','POST','SHORTS','NEWS','POST'])[1 + n % 5],
      (ARRAY['PUBLIC','PUBLIC','HIDDEN','PUBLIC','DELETE','PUBLIC','PUBLIC_RESERVATION','PUBLIC','REPORT_BLIND'])[1 + n % 9],
      'Episode ' || n, 'body',
      timestamptz '2026-01-01' + (n / 3) * interval '7 minutes' + (n % 3 = 0)::int * interval '1 microsecond',
      now(),
      CASE WHEN n % 10 = 0 THEN NULL ELSE timestamptz '2026-01-01' + (n / 3) * interval '7 minutes' + (n % 3 = 0)::int * interval '1 microsecond' + interval '1 second' END
    FROM generate_series(1, ${count}) AS n`.execute(db);
}
await seed(channel, CONTENTS);
await seed(neighbour, Math.round(CONTENTS / 5));
// As autovacuum would have by now: statistics and the visibility map.
await sql`VACUUM ANALYZE contents`.execute(db);

const publicCount = Number(
  (await sql<{ n: string }>`SELECT count(*) AS n FROM contents WHERE channel_id = ${channel} AND status = 'PUBLIC'`.execute(db)).rows[0]?.n ?? 0,
);
// Page N starts below the last row of page N - 1: found once here by OFFSET, as walking the links would.
const deepOffset = (DEEP_PAGE - 1) * CHANNEL_PAGE_CONTENTS - 1;
const deepRow = (
  await sql<{ at: string; id: number }>`
    SELECT to_char(coalesce(published_at, created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id
    FROM contents WHERE channel_id = ${channel} AND status = 'PUBLIC'
    ORDER BY coalesce(published_at, created_at) DESC, id DESC OFFSET ${deepOffset} LIMIT 1`.execute(db)
).rows[0];
if (!deepRow) throw new Error(`fewer than ${DEEP_PAGE} pages: raise BENCH_CONTENTS`);
const deep: PublicContentsCursor = { at: deepRow.at, id: Number(deepRow.id) };

type Plan = { 'Node Type': string; 'Index Name'?: string; 'Actual Rows'?: number; 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number; Plans?: Plan[] };
const nodesOf = (plan: Plan): Plan[] => [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];

/** The statement the repository sends for this page, captured on its way out, then explained with its values. */
async function explain(on: Db, before: PublicContentsCursor | undefined) {
  let captured: CompiledQuery | undefined;
  const capturing = on.withPlugin({
    transformQuery: ({ node, queryId }) => {
      captured = on.getExecutor().compileQuery(node, queryId);
      return node;
    },
    transformResult: ({ result }) => Promise.resolve(result),
  });
  await publicSiteRepository(capturing).listContents(channel, CHANNEL_PAGE_CONTENTS + 1, before);
  if (!captured) throw new Error('no statement captured');
  const result = await on.executeQuery<{ 'QUERY PLAN': [{ Plan: Plan; 'Execution Time': number }] }>(
    CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${captured.sql}`, [...captured.parameters]),
  );
  const top = result.rows[0]?.['QUERY PLAN'][0];
  const nodes = top ? nodesOf(top.Plan) : [];
  return {
    plan: nodes.map((node) => node['Node Type'] + (node['Index Name'] ? ` on ${node['Index Name']}` : '')).join(' → '),
    // The blocks the whole plan touched (a parent node's count includes its children's).
    buffers: nodes.reduce((most, node) => Math.max(most, (node['Shared Hit Blocks'] ?? 0) + (node['Shared Read Blocks'] ?? 0)), 0),
    rowsRead: nodes.reduce((most, node) => Math.max(most, node['Actual Rows'] ?? 0), 0),
  };
}

/** The repository's own call, REPEATS times: median and p95 in ms, and the rows it answered. */
async function time(on: Db, before: PublicContentsCursor | undefined) {
  const site = publicSiteRepository(on);
  const took: number[] = [];
  let rows = 0;
  for (let n = 0; n < REPEATS; n += 1) {
    const began = performance.now();
    rows = (await site.listContents(channel, CHANNEL_PAGE_CONTENTS + 1, before)).length;
    took.push(performance.now() - began);
  }
  took.sort((a, b) => a - b);
  const at = (q: number) => (took[Math.min(took.length - 1, Math.floor(q * took.length))] ?? NaN).toFixed(2);
  return { median: at(0.5), p95: at(0.95), rows };
}

async function measure(on: Db, label: string) {
  const out = [];
  for (const [page, before] of [
    ['page 1', undefined],
    [`page ${DEEP_PAGE.toLocaleString()}`, deep],
  ] as const) {
    const timing = await time(on, before);
    const plan = await explain(on, before);
    out.push({ index: label, page, 'median ms': timing.median, 'p95 ms': timing.p95, rows: timing.rows, 'rows read (most of a node)': plan.rowsRead, buffers: plan.buffers, plan: plan.plan });
  }
  return out;
}

const withIndex = await measure(db, 'contents_public_newest (0040)');
const rollback = new Error('rollback');
let without: Awaited<ReturnType<typeof measure>> = [];
await db
  .transaction()
  .execute(async (trx) => {
    await sql`DROP INDEX contents_public_newest`.execute(trx);
    without = await measure(trx, 'without it (baseline)');
    throw rollback;
  })
  .catch((error: unknown) => {
    if (error !== rollback) throw error;
  });

console.table([...withIndex, ...without]);
console.log(`${CONTENTS.toLocaleString()} contents in the channel, ${publicCount.toLocaleString()} public (${Math.floor(publicCount / CHANNEL_PAGE_CONTENTS).toLocaleString()} pages of ${CHANNEL_PAGE_CONTENTS}); a neighbour channel of ${Math.round(CONTENTS / 5).toLocaleString()}; ${REPEATS} runs each`);
console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average at start ${loadAtStart.map((n) => n.toFixed(2)).join(' ')}, at end ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);

await db.destroy();
await database.close();
