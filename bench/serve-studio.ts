// The studio server alone in its process, as production runs it (no load generator inside).
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb, statsOf } from '../apps/server/src/db/database';
import { systemClock } from '../apps/server/src/lib/clock';

const databaseUrl = process.env.DATABASE_URL ?? '';
// What a bench may choose besides (bench:store: the bucket, the roles, where uploads come from; bench:whip: the embedded ingest).
const passed = ['READ_CACHE', 'STORAGE', 'S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE', 'ROLES', 'PUBLIC_URL', 'DATA_DIR', 'LOOP_MAX_BYTES', 'LOOP_MAX_SECONDS', 'RTMP_INGEST', 'RTMP_PORT', 'RTMP_HOST'];
const chosen = Object.fromEntries(passed.flatMap((key) => (process.env[key] ? [[key, process.env[key]]] : [])));
const config = loadConfig({ PORT: process.env.PORT ?? '18080', DEMO: 'false', NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, RTMP_INGEST: 'off', METRICS_PORT: '0', ...chosen });
const db = createDb(databaseUrl, config.database);
const app = await buildApp({ config, db, clock: systemClock, logger: false, backgroundJobs: false });
await app.listen({ port: config.port, host: '127.0.0.1' });
// Sessions and hot reads are served from memory only while changes are heard.
while (!app.sessions.listening || (config.readCache && !app.readCache.enabled)) await new Promise((resolve) => setTimeout(resolve, 20));
process.send?.('ready');
// Round trips are counted where they are made: every query the studio's pool sends (BEGIN and COMMIT too).
process.on('message', (message) => {
  if (message === 'queries') process.send?.({ queries: statsOf(db)?.queries ?? 0 });
});
process.on('SIGTERM', () => void app.close().then(() => db.destroy()).then(() => process.exit(0)));
