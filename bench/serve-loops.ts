// The studio server alone in its process with its job workers on (loops are transcoded here), as
// `npm start` runs it; the load generator (the tus client) is another process.
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/database';
import { systemClock } from '../apps/server/src/lib/clock';

const databaseUrl = process.env.DATABASE_URL ?? '';
const config = loadConfig({
  PORT: process.env.PORT ?? '18180',
  DEMO: 'false',
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  DATABASE_URL: databaseUrl,
  DATA_DIR: process.env.DATA_DIR ?? '',
  RTMP_INGEST: 'off',
  LOOP_WORKERS: process.env.LOOP_WORKERS ?? '2',
  PUBLIC_URL: `http://127.0.0.1:${process.env.PORT ?? '18180'}`,
});
const db = createDb(databaseUrl, config.database);
const app = await buildApp({ config, db, clock: systemClock, logger: false, backgroundJobs: true });
await app.listen({ port: config.port, host: '127.0.0.1' });
while (!app.sessions.listening) await new Promise((resolve) => setTimeout(resolve, 20));
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => db.destroy()).then(() => process.exit(0)));
