import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../global-setup';
import { spawnServer, untilReady, type ServerProcess } from '../server-process';

/**
 * Ctrl-C on `npm start` (no DATABASE_URL: the embedded PostgreSQL). A terminal sends SIGINT to its
 * whole foreground process group; PostgreSQL answers SIGINT with a fast shutdown that ends every
 * connection at once. With the postmaster in the studio's group it died under the studio's drain
 * ("database connection lost" while requests were still being answered). It now leads a group of its
 * own, and the studio stops it last.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-ctrl-c-'));
let server: ServerProcess | undefined;

afterAll(() => {
  if (server?.child.exitCode === null && server.child.pid) process.kill(-server.child.pid, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
/** The process group of `pid`: the fifth field of /proc/<pid>/stat, after the command's parenthesis. */
const groupOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[2]);

it('stops the studio, then its own PostgreSQL, when Ctrl-C signals the whole group: no connection lost on the way', { timeout: 180_000 }, async () => {
  server = await untilReady(
    spawnServer({ port: await freePort(), databaseUrl: null, dataDir, detached: true, env: { EMBEDDED_PG_PORT: String(await freePort()), LOG_LEVEL: 'info' } }),
    150_000,
  );
  const studio = server.child.pid as number;
  const postmaster = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  expect(alive(postmaster)).toBe(true);
  expect(groupOf(studio)).toBe(studio);
  expect(groupOf(postmaster)).not.toBe(studio);

  // Connections in the pool, as after any use.
  const answers = await Promise.all(Array.from({ length: 8 }, () => fetch(`${server?.base}/readyz`).then((response) => response.status)));
  expect(answers.every((status) => status === 200)).toBe(true);

  process.kill(-studio, 'SIGINT');
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain('database pool closed');
  expect(server.output(), server.output()).not.toMatch(/connection lost|terminating connection/);
  for (const started = Date.now(); alive(postmaster) && Date.now() - started < 10_000; ) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(alive(postmaster)).toBe(false);
});
