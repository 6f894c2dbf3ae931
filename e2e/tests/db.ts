import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb } from '../../apps/server/src/db/database';
import type { Db } from '../../apps/server/src/db/schema';

/**
 * The e2e server's own database (embedded PostgreSQL in a throwaway folder,
 * see e2e/start-server.mjs), so that each test builds the world it needs with
 * the same factories as the demo seed instead of leaning on seed counts.
 */
export function connectToE2eDatabase(port = process.env.E2E_PORT ?? '8091'): Db {
  const stateFile = path.join(tmpdir(), `studio-e2e-${port}.json`);
  const { dataDir, pgPort } = JSON.parse(readFileSync(stateFile, 'utf8')) as { dataDir: string; pgPort: number };
  const password = readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim();
  return createDb(`postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/studio`, { max: 2 });
}
