// The studio server alone in its process for the view-counting bench (bench/views.ts): the beacon route
// with its limits as the bench sets them (VIEW_* variables), and its job workers (the roll-up) on or
// off (JOBS), so the roll-up can run in a process of its own and be killed and restarted.
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/database';
import { systemClock } from '../apps/server/src/lib/clock';

const databaseUrl = process.env.DATABASE_URL ?? '';
const views = Object.fromEntries(Object.entries(process.env).filter(([key]) => key.startsWith('VIEW_')));
const config = loadConfig({ PORT: process.env.PORT ?? '18090', DEMO: 'false', NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, RTMP_INGEST: 'off', METRICS_PORT: 'off', ...views });
const db = createDb(databaseUrl, config.database);
const app = await buildApp({ config, db, clock: systemClock, logger: false, backgroundJobs: process.env.JOBS === 'on' });
await app.listen({ port: config.port, host: '127.0.0.1' });
while (!app.sessions.listening) await new Promise((resolve) => setTimeout(resolve, 20));
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => db.destroy()).then(() => process.exit(0)));
