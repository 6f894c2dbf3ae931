// The studio server alone in its process for the view-counting bench (bench/views.ts): the beacon route
// with its limits as the bench sets them (VIEW_* variables), and its job workers (the roll-up) on or
// off (JOBS), so the roll-up can run in a process of its own and be killed and restarted.
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/database';
import { systemClock } from '../apps/server/src/lib/clock';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const databaseUrl = process.env.DATABASE_URL ?? '';
const views = Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('VIEW_')));
const config = loadConfig({ PORT: process.env.PORT ?? '18090', DEMO: 'false', NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, RTMP_INGEST: 'off', METRICS_PORT: 'off', ...views });
const db = createDb(databaseUrl, config.database);
const app = await buildApp({ config, db, clock: systemClock, logger: false, backgroundJobs: process.env.JOBS === 'on' });
await app.listen({ port: config.port, host: '127.0.0.1' });
while (!app.sessions.listening) await new Promise((resolve) => setTimeout(resolve, 20));
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => db.destroy()).then(() => process.exit(0)));

// The event loop's delay, second by second (p99 and max, ms): 'loop-reset' starts a record, 'loop-report'
// answers it — whether the paced p99 is this process's loop held (a long task, a GC pause) or waits elsewhere.
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
let seconds: { p99: number; max: number }[] = [];
setInterval(() => {
  seconds.push({ p99: Number((delay.percentile(99) / 1e6).toFixed(1)), max: Number((delay.max / 1e6).toFixed(1)) });
  delay.reset();
}, 1000).unref();
process.on('message', (message) => {
  if (message === 'loop-reset') {
    seconds = [];
    delay.reset();
  }
  if (message === 'loop-report') process.send?.({ loop: seconds });
});
