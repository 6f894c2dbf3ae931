// `npm run bench:pages`: what a person waits for and downloads when opening the studio in Chromium.
// The studio server runs in its own process (serve-studio.ts, production mode, the built web app);
// this process seeds the demo world, drives /usr/bin/chromium through Playwright and reads the
// network from the DevTools protocol. Per page (studio home, channel management, channel home of
// creator's "Studio Daily"), cold (browser cache emptied) and warm (the same page visited again):
// LCP, time to usable, bytes on the wire, API calls and JavaScript. Writes bench/PAGE-LOAD.md.
// BENCH_DATABASE_URL (a database it may seed), BENCH_PAGE_RUNS (runs per figure, median shown) tune it.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { createDb } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { sessionCookieName } from '../apps/server/src/plugins/session';
import { sessionRepository } from '../apps/server/src/plugins/session-repository';
import { seedDemoWorld } from '../apps/server/src/seed/demo';
import { FIRST_LOAD_BUDGET_KIB, kib, measureFirstLoad, webDist } from './first-load';
import { benchDatabase, freePort } from './bench-database';

const here = import.meta.dirname;
const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(path.join(webDist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first.');
  process.exit(1);
}


// ---- The database and the server, as bench/run.ts sets them up ----
const database = await benchDatabase('pages');
const databaseUrl = database.url;
const db = createDb(databaseUrl, { max: 2, statementTimeoutMs: 0 });
await migrateToLatest(db);
await seedDemoWorld(db, new Date());
const creator = await db.selectFrom('users').select('id').where('login', '=', 'creator').executeTakeFirstOrThrow();
const studioDaily = await db.selectFrom('channels').select('id').where('name', '=', 'Studio Daily').executeTakeFirstOrThrow();
const token = await sessionRepository(db).create(creator.id, null, new Date(Date.now() + 3_600_000));

const port = await freePort();
const origin = `http://localhost:${port}`;
const server: ChildProcess = fork(path.join(here, 'serve-studio.ts'), [], {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl },
  stdio: 'inherit',
});
await new Promise<void>((resolve, reject) => {
  server.once('message', () => resolve());
  server.once('exit', (code) => reject(new Error(`serve-studio.ts exited with ${code}`)));
});

// ---- What a page counts as usable: its heading and its main list are on screen ----
type Target = { name: string; path: string; usable: string };
const targets: Target[] = [
  // The home's channel shortcuts are links to a channel home.
  { name: 'studio home', path: '/studio/', usable: 'main h1 && main a[href^="/studio/channels/"]' },
  { name: 'channel management', path: '/studio/channels/management', usable: 'main h1 && main [data-channel-id]' },
  { name: 'channel home (Studio Daily)', path: `/studio/channels/${studioDaily.id}`, usable: 'main h1 && main ul[aria-label="콘텐츠"] li' },
];

// Runs in the page before any of its scripts: records the last LCP candidate and the first instant
// every selector of the page's `usable` rule matches a visible element. A string, not a function:
// tsx's transform would put helpers into a function's source that the page does not have.
const probe = (rule: string) => `(() => {
  const state = { lcp: 0, usable: 0 };
  window.__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const selectors = ${JSON.stringify(rule.split('&&').map((part) => part.trim()))};
  const visible = (selector) => {
    const element = document.querySelector(selector);
    return element !== null && element.getClientRects().length > 0;
  };
  let observer;
  const check = () => {
    if (state.usable === 0 && selectors.every(visible)) {
      state.usable = performance.now();
      observer.disconnect();
    }
  };
  observer = new MutationObserver(check);
  document.addEventListener('DOMContentLoaded', () => {
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    check();
  });
})();`;

type Sample = {
  lcpMs: number;
  usableMs: number;
  requests: number;
  wireBytes: number;
  apiCalls: number;
  apiPaths: string[];
  jsFiles: number;
  jsWireBytes: number;
  jsBytes: number;
  cachedRequests: number;
};

async function measure(context: BrowserContext, target: Target, cold: boolean): Promise<Sample> {
  const page: Page = await context.newPage();
  const cdp: CDPSession = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  if (cold) {
    await cdp.send('Network.clearBrowserCache');
  }
  type Seen = { url: string; type: string; cached: boolean; wire: number; size: number };
  const requests = new Map<string, Seen>();
  cdp.on('Network.requestWillBeSent', (event) => {
    requests.set(event.requestId, { url: event.request.url, type: event.type ?? 'Other', cached: false, wire: 0, size: 0 });
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const seen = requests.get(event.requestId);
    if (seen) seen.cached = true;
  });
  cdp.on('Network.responseReceived', (event) => {
    const seen = requests.get(event.requestId);
    if (seen && (event.response.fromDiskCache || event.response.fromPrefetchCache)) seen.cached = true;
  });
  cdp.on('Network.dataReceived', (event) => {
    const seen = requests.get(event.requestId);
    if (seen) seen.size += event.dataLength;
  });
  cdp.on('Network.loadingFinished', (event) => {
    const seen = requests.get(event.requestId);
    if (seen) seen.wire = event.encodedDataLength;
  });

  await page.addInitScript({ content: probe(target.usable) });
  await page.goto(`${origin}${target.path}`, { waitUntil: 'load' });
  try {
    await page.waitForFunction(() => (globalThis as unknown as { __bench: { usable: number } }).__bench.usable > 0, null, { timeout: 30_000 });
  } catch (error) {
    const shot = path.join(tmpdir(), `page-load-${target.path.replace(/\W+/g, '-')}.png`);
    await page.screenshot({ path: shot });
    throw new Error(`${target.name} (${page.url()}) never matched \`${target.usable}\`; screenshot ${shot}`, { cause: error });
  }
  // Calls made right after the first paint (the history call, the notification stream) land here too.
  // Not 'networkidle': the notification stream stays open.
  await page.waitForTimeout(1000);
  const state = await page.evaluate(() => (globalThis as unknown as { __bench: { lcp: number; usable: number } }).__bench);
  await page.close();

  const all = [...requests.values()].filter((seen) => seen.url.startsWith(origin));
  const scripts = all.filter((seen) => seen.type === 'Script');
  const api = all.filter((seen) => new URL(seen.url).pathname.startsWith('/api/'));
  return {
    lcpMs: state.lcp,
    usableMs: state.usable,
    requests: all.length,
    wireBytes: all.reduce((sum, seen) => sum + (seen.cached ? 0 : seen.wire), 0),
    apiCalls: api.length,
    apiPaths: api.map((seen) => new URL(seen.url).pathname),
    jsFiles: scripts.length,
    jsWireBytes: scripts.reduce((sum, seen) => sum + (seen.cached ? 0 : seen.wire), 0),
    jsBytes: scripts.reduce((sum, seen) => sum + seen.size, 0),
    cachedRequests: all.filter((seen) => seen.cached).length,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const rows: { target: Target; visit: 'cold' | 'warm'; samples: Sample[] }[] = [];
try {
  for (const target of targets) {
    const cold: Sample[] = [];
    const warm: Sample[] = [];
    for (let run = 0; run < RUNS; run++) {
      // A fresh profile per run: signed in (the session cookie), nothing cached.
      const context = await browser.newContext({ locale: 'ko-KR', timezoneId: 'Asia/Seoul', viewport: { width: 1280, height: 800 } });
      await context.addCookies([{ name: sessionCookieName(false), value: token, url: origin, httpOnly: true, sameSite: 'Lax' }]);
      cold.push(await measure(context, target, true));
      warm.push(await measure(context, target, false));
      await context.close();
    }
    rows.push({ target, visit: 'cold', samples: cold }, { target, visit: 'warm', samples: warm });
    console.log(`${target.name}: cold usable ${median(cold.map((s) => s.usableMs)).toFixed(0)} ms, warm ${median(warm.map((s) => s.usableMs)).toFixed(0)} ms`);
  }
} finally {
  const version = browser.version();
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await db.destroy();
  await database.close();
  writeReport(version);
}

function writeReport(chromiumVersion: string) {
  const firstLoad = measureFirstLoad();
  const table = [
    '| page | visit | LCP ms | usable ms | requests (from cache) | on the wire KiB | API calls | JS files | JS on the wire KiB | JS decoded KiB |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(({ target, visit, samples }) => {
      const m = (pick: (s: Sample) => number) => median(samples.map(pick));
      return `| ${target.name} | ${visit} | ${m((s) => s.lcpMs).toFixed(0)} | ${m((s) => s.usableMs).toFixed(0)} | ${m((s) => s.requests)} (${m((s) => s.cachedRequests)}) | ${kib(m((s) => s.wireBytes)).toFixed(1)} | ${m((s) => s.apiCalls)} | ${m((s) => s.jsFiles)} | ${kib(m((s) => s.jsWireBytes)).toFixed(1)} | ${kib(m((s) => s.jsBytes)).toFixed(1)} |`;
    }),
  ];
  const calls = rows
    .filter((row) => row.visit === 'cold')
    .map(({ target, samples }) => `- ${target.name}: ${[...(samples[0]?.apiPaths ?? [])].sort().join(', ')}`);
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, load average ${loadavg().map((n) => n.toFixed(2)).join(' ')} at the end, Node ${process.version}, Chromium ${chromiumVersion}`;
  const report = `# Page load in Chromium

\`npm run bench:pages\` (bench/page-load.ts) on ${new Date().toISOString().slice(0, 10)}: ${machine}.
The studio server (production mode, the built web app, the demo world) ran in its own process on
localhost; no network throttling, so the times are what the machine's CPU allows and the bytes are
what a slower network would have to carry. Median of ${RUNS} runs per row; each run is a fresh
browser profile signed in as \`creator\`. The machine is shared: its load moves the times from run to
run (compare rows of one run, not runs); bytes, requests and calls do not move.

- **cold**: the browser cache emptied, the page opened from nothing. **warm**: the same page opened again.
- **LCP**: the largest contentful paint's time from navigation start (PerformanceObserver).
- **usable**: the first instant the page's heading and its main list are on screen (home: a channel
  link; management: a channel row; channel home: its content list), from navigation start.
- **on the wire**: bytes received for the document, scripts, styles, images, fonts and API calls, as
  Chromium's network layer counts them (\`encodedDataLength\`: compressed bodies and headers);
  requests answered from the browser cache count nothing. The notification stream (SSE) counts
  what it sent until the measurement stopped.
- **API calls**: requests under \`/api/\` (the notification stream and the history call included).
- **JS decoded**: the scripts' size after decompression, what the browser parses.

${table.join('\n')}

First load by the build's own measure (\`npm run bench:bundle\`, checked in \`npm test\`):
${kib(firstLoad.gzipBytes).toFixed(1)} KiB gzipped of initial JavaScript against the ${FIRST_LOAD_BUDGET_KIB} KiB budget;
brotli, as the server sends it, ${kib(firstLoad.initial.reduce((sum, chunk) => sum + (chunk.brotliBytes ?? chunk.gzipBytes), 0)).toFixed(1)} KiB.

API calls of a cold visit (a path listed twice was requested twice):

${calls.join('\n')}
`;
  writeFileSync(path.join(here, 'PAGE-LOAD.md'), report);
  console.log(report);
}
