// Where a benchmark's data lives: BENCH_DATABASE_URL when set (a database it may fill; kept between
// runs), else an embedded PostgreSQL in a throwaway folder, removed by `close`.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';

/** A port nobody listens on now: two benches (or a bench and a studio) never meet on a fixed one. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

export async function benchDatabase(name: string, givenPort?: number): Promise<{ url: string; close: () => Promise<void> }> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) return { url: given, close: () => Promise.resolve() };
  const port = givenPort ?? (await freePort());
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
