// Where a benchmark's data lives: BENCH_DATABASE_URL when set (a database it may fill; kept between
// runs), else an embedded PostgreSQL in a throwaway folder, removed by `close`.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';

export async function benchDatabase(name: string, port: number): Promise<{ url: string; close: () => Promise<void> }> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return { url: given, close: () => Promise.resolve() };
  const dataDir = await mkdtemp(path.join(tmpdir(), `studio-bench-${name}-`));
  // As root, PostgreSQL runs as the user "postgres", which must be able to enter the folder.
  await chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir, port });
  return {
    url: embedded.url,
    async close() {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
