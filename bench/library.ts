// `npm run bench:library`: the channel home's contents list at 100,000 contents in one channel (issue 25,
// point 2). Seeds the channel (plus a neighbour channel, so indexes hold other rows too), starts the
// studio in a process of its own (bench/serve-views.ts: the whole app, jobs off), walks each sort's
// keyset cursors from page 1 to page 1,000 over HTTP, then loads page 1 and page 1,000 side by side
// from a separate load-generator process (bench/load.ts, autocannon), and the title search (page 1 and
// a deep page, the indexes its plan reads) with and without the trigram index (migration 0025).
// Writes bench/LIBRARY-RESULTS.md.
// Uses BENCH_DATABASE_URL when set (a database it may fill), else an embedded PostgreSQL.
import { execFile } from 'node:child_process';
import { startServer } from './child-servers';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CompiledQuery, sql } from 'kysely';
import { decodeContentCursor, type ContentPage, type ContentSort } from '@studio/contract/content';
import { createDb } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { contentRepository } from '../apps/server/src/modules/contents/content-repository';
import { sessionCookieName } from '../apps/server/src/plugins/session';
import { sessionRepository } from '../apps/server/src/plugins/session-repository';
import { addMember, createChannel, createPerson } from '../apps/server/src/seed/factories';
import { benchDatabase } from './bench-database';

const run = promisify(execFile);
const here = import.meta.dirname;
const CONTENTS = Number(process.env.BENCH_CONTENTS ?? 100_000);
const DEEP_PAGE = Number(process.env.BENCH_DEEP_PAGE ?? 1_000);
const SIZE = 20;
const DURATION = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
const PORT = 18_094;
const BASE = `http://127.0.0.1:${PORT}`;

const database = await benchDatabase('library');
// Generous connect timeout: the machine this runs on is shared, and a slow connect is not what is measured.
const db = createDb(database.url, { max: 2, statementTimeoutMs: 0, connectTimeoutMs: 60_000 });
await migrateToLatest(db);
const trigram = (await sql<{ found: boolean }>`SELECT EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = 'contents_title_trgm') AS found`.execute(db)).rows[0]?.found ?? false;

const owner = await createPerson(db, { login: `bench-library-${Date.now().toString(36)}`, name: 'library owner' });
const channel = await createChannel(db, { name: `bench library ${Date.now().toString(36)}`, channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
const neighbour = await createChannel(db, { name: `bench neighbour ${Date.now().toString(36)}`, channel_type: 'MEDIA_CHANNEL' });
await addMember(db, channel, owner.userId, 'OWNER');

/**
 * Titles from 40 words, so a word matches about one title in 40; "zeppelin" is in 1 in 10,000.
 * Every three contents share a creation instant (ties the id must break), microseconds included;
 * view counts are drawn from 0–999, so each value is shared by about a hundred contents.
 */
async function seed(channelId: number, count: number) {
  console.log(`writing ${count.toLocaleString()} contents in channel ${channelId}…`);
  await sql`
    INSERT INTO contents (channel_id, author_user_id, kind, status, title, body, view_count, created_at, updated_at, published_at)
    SELECT ${channelId}::bigint, ${owner.userId}::bigint,
      (ARRAY['CONTENT_VIEW','POST','SHORTS','CONTENT_VIEW','POST'])[1 + n % 5],
      (ARRAY['PUBLIC','PUBLIC','PUBLIC','HIDDEN','DRAFT','PUBLIC_RESERVATION'])[1 + n % 6],
      'Episode ' || n || ' ' || (ARRAY['river','mountain','kitchen','garden','harbor','station','market','festival','winter','summer',
        'letter','journey','morning','evening','island','bridge','forest','desert','village','castle','library','museum','theater','stadium',
        'bakery','orchard','valley','canyon','glacier','lagoon','meadow','prairie','tundra','savanna','volcano','reef','delta','fjord','atoll','mesa'])[1 + n % 40]
        || CASE WHEN n % 10000 = 7 THEN ' zeppelin' ELSE '' END,
      'body', (hashint4(n::int) & 1023) % 1000,
      timestamptz '2026-01-01' + (n / 3) * interval '7 minutes' + (n % 3 = 0)::int * interval '1 microsecond',
      now(), now()
    FROM generate_series(1, ${count}) AS n`.execute(db);
}
await seed(channel, CONTENTS);
await seed(neighbour, Math.round(CONTENTS / 5));
// As autovacuum would have by now: statistics and the visibility map.
await sql`VACUUM ANALYZE contents`.execute(db);
const cookie = `${sessionCookieName(false)}=${await sessionRepository(db).create(owner.userId, null, new Date(Date.now() + 3_600_000))}`;

const start = startServer;
const server = await start('serve-views.ts', { PORT: String(PORT), DATABASE_URL: database.url, JOBS: 'off' });

const listUrl = (query: string) => `${BASE}/api/channels/${channel}/contents?size=${SIZE}${query ? `&${query}` : ''}`;

async function get(url: string, attempt = 1): Promise<ContentPage> {
  const response = await fetch(url, { headers: { cookie } });
  // A shared machine under load can time a statement out (503): wait and ask again, a few times.
  if (response.status === 503 && attempt < 5) {
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    return get(url, attempt + 1);
  }
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as ContentPage;
}

/**
 * The repository's own statement timed in this process, one at a time (median of RUNS): what the
 * database pays for a page, apart from HTTP and from the load the machine's other work adds to a
 * throughput run.
 */
const repository = contentRepository(db);
const RUNS = 30;
async function queryMs(sort: ContentSort, after?: string, q?: string): Promise<number> {
  const cursor = after ? decodeContentCursor(after) ?? undefined : undefined;
  const samples: number[] = [];
  for (let index = 0; index < RUNS + 3; index++) {
    const began = performance.now();
    await repository.list(channel, { q }, { sort, after: cursor, page: 0, size: SIZE });
    if (index >= 3) samples.push(performance.now() - began);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] ?? 0;
}

/** The `after` cursor that opens page `page` (1-based), found by walking from page 1; also checks no row repeats on the way. */
async function cursorOfPage(query: string, page: number): Promise<{ cursor: string; walkMs: number }> {
  const seen = new Set<number>();
  let current = await get(listUrl(query));
  let cursor = '';
  const began = performance.now();
  for (let at = 2; at <= page; at++) {
    for (const content of current.content) {
      if (seen.has(content.id)) throw new Error(`row ${content.id} came twice walking ${query}`);
      seen.add(content.id);
    }
    if (!current.nextCursor) throw new Error(`${query}: the list ended before page ${page}`);
    cursor = current.nextCursor;
    current = await get(listUrl(`${query}&after=${cursor}`));
  }
  return { cursor, walkMs: (performance.now() - began) / Math.max(1, page - 1) };
}

type Load = { rps: number; p50: number; p99: number; errors: number };
/** Loads `url` from a process of its own (bench/load.ts): never the server's process, never this one's event loop. */
async function load(url: string): Promise<Load> {
  const options = JSON.stringify({ url, cookies: [cookie], connections: CONNECTIONS, duration: DURATION });
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(here, 'load.ts'), options], { maxBuffer: 64 * 1024 * 1024 });
  const result = JSON.parse(stdout) as { requests: { average: number }; latency: { p50: number; p99: number }; errors: number; non2xx: number };
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const cell = (value: Load) => `${value.rps} | ${value.p50} | ${value.p99}${value.errors ? ` (${value.errors} errors)` : ''}`;
const sortRows: string[] = [];
for (const sort of ['NEWEST', 'OLDEST', 'MOST_VIEWED'] as ContentSort[]) {
  const query = `sort=${sort}`;
  const { cursor, walkMs } = await cursorOfPage(query, DEEP_PAGE);
  const firstMs = await queryMs(sort);
  const deepMs = await queryMs(sort, cursor);
  const first = await load(listUrl(query));
  const deep = await load(listUrl(`${query}&after=${cursor}`));
  const line = `| ${sort} | ${firstMs.toFixed(2)} | ${deepMs.toFixed(2)} | ${(deepMs / Math.max(firstMs, 0.001)).toFixed(2)}× | ${cell(first)} | ${cell(deep)} | ${walkMs.toFixed(1)} |`;
  console.log(line);
  sortRows.push(line);
}

/**
 * Searches: each word's page 1 and a deep page side by side (the deep page reached by walking the
 * cursors), run one after another in this process as the studio runs them — a common word first, so a
 * rare one follows on the same connection (where a named statement's generic plan would show, decision
 * 054) — and the indexes PostgreSQL's plan for page 1 reads (EXPLAIN ANALYZE of the repository's very
 * statement, captured on its way out).
 */
const searches = [
  { label: 'a word in every title ("episode")', query: 'q=episode', deep: DEEP_PAGE },
  { label: 'a common word ("garden", 1 in 40)', query: 'q=garden', deep: 100 },
  { label: 'a rare word ("zeppelin", 1 in 10,000)', query: 'q=zeppelin' },
  { label: 'no match ("quasar")', query: 'q=quasar' },
  { label: 'a common word, most viewed first', query: 'q=garden&sort=MOST_VIEWED', deep: 100 },
  { label: 'a date range (one week), newest first', query: `from=2026-03-01T00:00:00Z&to=2026-03-08T00:00:00Z` },
  { label: 'status DRAFT, kind POST', query: 'status=DRAFT&kind=POST' },
] as const satisfies readonly { label: string; query: string; deep?: number }[];

const ContentSortOf = (value: string | null): ContentSort => (value === 'MOST_VIEWED' || value === 'OLDEST' ? value : 'NEWEST');

/** The last statement a repository sent, compiled as it went out. */
let captured: CompiledQuery | undefined;
const capturing = db.withPlugin({
  transformQuery: ({ node, queryId }) => {
    captured = db.getExecutor().compileQuery(node, queryId);
    return node;
  },
  transformResult: ({ result }) => Promise.resolve(result),
});
/** The indexes the plan of a search's page 1 reads, by EXPLAIN ANALYZE of the statement the repository sends. */
async function indexesOfPlan(sort: ContentSort, q: string): Promise<string> {
  await contentRepository(capturing).list(channel, { q }, { sort, page: 0, size: SIZE });
  if (!captured) return 'n/a';
  const explained = await db.executeQuery<{ 'QUERY PLAN': [{ Plan: unknown }] }>(CompiledQuery.raw(`EXPLAIN (ANALYZE, FORMAT JSON) ${captured.sql}`, [...captured.parameters]));
  const names = new Set<string>();
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const plan = node as { 'Index Name'?: string; 'Node Type'?: string; 'Relation Name'?: string; Plans?: unknown[] };
    if (plan['Index Name']) names.add(plan['Index Name']);
    if (plan['Node Type'] === 'Seq Scan') names.add(`seq scan of ${plan['Relation Name']}`);
    for (const child of plan.Plans ?? []) walk(child);
  };
  walk(explained.rows[0]?.['QUERY PLAN'][0].Plan);
  return [...names].join(', ') || 'none';
}

async function searchRows(): Promise<string[]> {
  const rows: string[] = [];
  for (const { label, query, ...rest } of searches) {
    const deep = 'deep' in rest ? rest.deep : undefined;
    const url = listUrl(query);
    const page = await get(url);
    const params = new URL(url).searchParams;
    const q = params.get('q') ?? undefined;
    const sort = ContentSortOf(params.get('sort'));
    const deepCursor = deep ? (await cursorOfPage(query, deep)).cursor : undefined;
    const firstMs = q ? (await queryMs(sort, undefined, q)).toFixed(2) : 'n/a';
    const deepMs = q && deepCursor ? (await queryMs(sort, deepCursor, q)).toFixed(2) : 'n/a';
    const plan = q ? await indexesOfPlan(sort, q) : 'n/a';
    const result = await load(url);
    const line = `| ${label} | ${page.totalElements.toLocaleString()}${page.totalElements >= 10_000 ? '+' : ''} | ${firstMs} | ${deep ? `page ${deep.toLocaleString()}: ${deepMs}` : 'one page'} | ${plan} | ${cell(result)} |`;
    console.log(line);
    rows.push(line);
  }
  return rows;
}
const withIndex = await searchRows();
let withoutIndex: string[] = [];
if (trigram) {
  await sql`DROP INDEX contents_title_trgm`.execute(db);
  await sql`ANALYZE contents`.execute(db);
  withoutIndex = await searchRows();
  await sql`CREATE INDEX contents_title_trgm ON contents USING gin (title gin_trgm_ops)`.execute(db);
}

server.kill('SIGTERM');
const machine = `${cpus().length} × ${cpus()[0]?.model.split(' ').slice(0, 2).join(' ') ?? 'cpu'}, load average ${loadavg().map((value) => value.toFixed(2)).join(' ')}, Node ${process.version}`;
const header = (what: string) => `${what} requests/s | ${what} p50 ms | ${what} p99 ms`;
const searchHeader = `| query | total | page 1 query ms | deep page query ms | indexes in page 1's plan | ${header('HTTP page 1')} |\n|---|---|---|---|---|---|---|---|\n`;
writeFileSync(
  path.join(here, 'LIBRARY-RESULTS.md'),
  `# The contents list at ${CONTENTS.toLocaleString()} contents in one channel\n\n` +
    `${new Date().toISOString()} · ${machine} · \`npm run bench:library\` · the studio in its own process, the load from another ` +
    `(autocannon, ${CONNECTIONS} connections, ${DURATION} s per row, signed in as the owner) · ${SIZE} rows a page · ` +
    `a neighbour channel holds ${Math.round(CONTENTS / 5).toLocaleString()} more · trigram index: ${trigram ? 'present' : 'pg_trgm not available'}.\n\n` +
    `Issue 25, point 2: keyset paging for every sort (decision 040), so page ${DEEP_PAGE.toLocaleString()} (${((DEEP_PAGE - 1) * SIZE).toLocaleString()} rows deep) ` +
    `costs what page 1 does. Page ${DEEP_PAGE.toLocaleString()} is reached by walking the cursors from page 1 (the walk checks that no row repeats); ` +
    `"query ms" is the repository's statement alone, timed in the bench's process, median of ${RUNS} one at a time (the flatness claim rests on it: it does not ` +
    `depend on what else the machine runs); the HTTP columns are the studio under autocannon and include the machine's load (load average above); ` +
    `"walk ms" is the mean time of one step of the walk, one request at a time.\n\n` +
    `| sort | page 1 query ms | page ${DEEP_PAGE.toLocaleString()} query ms | ratio | ${header('page 1')} | ${header(`page ${DEEP_PAGE.toLocaleString()}`)} | walk ms |\n|---|---|---|---|---|---|---|---|---|---|---|\n${sortRows.join('\n')}\n\n` +
    `## Search, range and filters (page 1 unless said)\n\nTotals are counted up to 10,000 (CONTENT_COUNT_CAP).\n\n` +
    `${searchHeader}${withIndex.join('\n')}\n` +
    (trigram
      ? `\n### The same without the trigram index (dropped for this run, then made again)\n\n${searchHeader}${withoutIndex.join('\n')}\n`
      : ''),
);
await db.destroy();
await database.close();
process.exit(0);
