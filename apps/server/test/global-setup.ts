import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/database';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/db/embedded';
import { migrateToLatest } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * One PostgreSQL for the whole run: the machine's own when TEST_DATABASE_URL
 * (or DATABASE_URL) names it, otherwise an embedded one in a temporary folder.
 * It is migrated once into a template that every test file clones.
 */
/**
 * Holds a port for the whole run when it is free, as a running `npm start` would: a test that binds
 * the studio's default RTMP or metrics port fails here, not only on a machine where the studio runs.
 * (Tests never bind 8080; the app's PUBLIC_URL names it, and a studio running there answers like one.)
 */
function hold(port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined)); // taken already: by the studio itself, the same test
    server.listen(port, '0.0.0.0', () => resolve(server));
  });
}

export default async function setup(project: TestProject) {
  const held = await Promise.all([1935, 9464].map(hold));
  let embedded: EmbeddedDatabase | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!adminUrl) {
    dataDir = await mkdtemp(path.join(tmpdir(), 'studio-test-pg-'));
    // As root, PostgreSQL runs as the user "postgres", which must be able to enter the folder.
    await chmod(dataDir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    adminUrl = embedded.url;
  }

  const template = `studio_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  const db = createDb(templateUrl.href, { max: 1, statementTimeoutMs: 0 });
  await migrateToLatest(db);
  await db.destroy();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    const leftovers = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'studio_test_${process.pid}_%' OR datname = $1`,
      [template],
    );
    for (const { datname } of leftovers.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    for (const server of held) server?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
