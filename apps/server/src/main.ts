import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createDb } from './db/database';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { migrateToLatest } from './db/migrate';
import { systemClock } from './lib/clock';
import { seedDemoWorld } from './seed/demo';

function readConfig(): Config {
  try {
    return loadConfig();
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

  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    log(`starting embedded PostgreSQL on 127.0.0.1:${config.embeddedPgPort} (data in ${config.dataDir}/postgres)`);
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort });
    databaseUrl = embedded.url;
  }

  const db = createDb(databaseUrl);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let stopping = false;
  const stop = async (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    await app?.close().catch(() => undefined);
    await db.destroy().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    process.exit(exitCode);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  try {
    await migrateToLatest(db);
    if (config.demo) {
      const seeded = await seedDemoWorld(db, systemClock.now());
      log(seeded ? 'demo world seeded (password for every demo account: demo1234)' : 'demo world already present');
    }
    app = await buildApp({ config, db, clock: systemClock });
    await app.listen({ port: config.port, host: config.host });
    log(`studio at ${config.publicUrl}/studio/ (API docs at ${config.publicUrl}/api/docs)`);
  } catch (error) {
    console.error(error);
    await stop('error', 1);
  }
}

void main();
