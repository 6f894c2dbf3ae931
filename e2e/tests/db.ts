import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../../apps/server/src/db/database';
import type { Db } from '../../apps/server/src/db/schema';

/**
 * The e2e server's own database (embedded PostgreSQL in a throwaway folder,
 * see e2e/start-server.mjs), so that each test builds the world it needs with
 * the same factories as the demo seed instead of leaning on seed counts.
 */
export function connectToE2eDatabase(port = process.env.E2E_PORT ?? '8091'): Db {
  return createDb(e2eServerUrl('studio', port), { max: 2 });
}

/** The address of database `name` on the e2e server's PostgreSQL. */
function e2eServerUrl(name: string, port = process.env.E2E_PORT ?? '8091'): string {
  const stateFile = path.join(tmpdir(), `studio-e2e-${port}.json`);
  const { dataDir, pgPort } = JSON.parse(readFileSync(stateFile, 'utf8')) as { dataDir: string; pgPort: number };
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/${name}`;
}

/**
 * A new, empty database `name` on the e2e server's PostgreSQL, for servers a spec starts itself (they
 * migrate it): their jobs never meet the e2e server's own workers. `drop` removes it.
 */
export async function e2eDatabaseUrl(name: string): Promise<{ db: Db; url: string; drop: () => Promise<void> }> {
  const admin = createDb(e2eServerUrl('studio'), { max: 1, statementTimeoutMs: 0 });
  await sql`CREATE DATABASE ${sql.id(name)}`.execute(admin);
  const url = e2eServerUrl(name);
  const db = createDb(url, { max: 2 });
  return {
    db,
    url,
    async drop() {
      await db.destroy();
      await sql`DROP DATABASE IF EXISTS ${sql.id(name)} WITH (FORCE)`.execute(admin);
      await admin.destroy();
    },
  };
}
