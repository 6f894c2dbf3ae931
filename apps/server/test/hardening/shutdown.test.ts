import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '../../src/seed/factories';
import { sessionCookieName } from '../../src/plugins/session';
import { sessionRepository } from '../../src/plugins/session-repository';
import { freePort } from '../global-setup';
import { createTestDatabase } from '../helper';
import { startDbProxy, type DbProxy } from './db-proxy';

/**
 * The real server process (`node --import tsx apps/server/src/main.ts`), as
 * an orchestrator runs it: on a test database reached through a proxy that
 * can hold its bytes, so requests are in flight for as long as the test wants.
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const READS = ['/api/me', '/api/my/notifications/unread', '/api/channels/management/tab-count'];

type Server = { child: ChildProcess; base: string; output: () => string; exited: Promise<{ code: number | null; at: number }> };

async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATABASE_URL: databaseUrl,
      DEMO: 'false',
      PORT: String(port),
      HOST: '127.0.0.1',
      // Never 1935 in tests: any free port for the embedded RTMP ingest.
      RTMP_PORT: '0',
      METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: performance.now() })),
  );
  const base = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ; ) {
    if (child.exitCode !== null) throw new Error(`server exited at start-up:\n${output}`);
    const ready = await fetch(`${base}/readyz`).then((response) => response.ok, () => false);
    if (ready) break;
    if (Date.now() - started > 45_000) throw new Error(`server not ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, base, output: () => output, exited };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: DbProxy;
let cookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const person = await createPerson(database.db, { login: 'shutdown', name: '종료' });
  const token = await sessionRepository(database.db).create(person.userId, null, new Date(Date.now() + 86_400_000), new Date());
  cookie = `${sessionCookieName(false)}=${token}`;
  proxy = await startDbProxy(database.url);
});

afterAll(async () => {
  await proxy.close();
  await database.drop();
});

function get(server: Server, url: string) {
  return fetch(`${server.base}${url}`, { headers: { cookie } });
}

describe('a real server process', () => {
  let server: Server | undefined;

  beforeAll(async () => {
    // Long limits: requests held by the proxy must still be waiting when the drain test signals.
    server = await startServer(proxy.url(), { DB_STATEMENT_TIMEOUT_MS: '5000', DB_CONNECT_TIMEOUT_MS: '5000' });
  }, 60_000);

  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('survives its database connections being killed under load, and answers normally afterwards', async () => {
    const live = server!;
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    for (let round = 0; round < 3; round++) {
      // Requests hold pooled connections (bytes held), then every backend is terminated and every socket reset.
      proxy.setMode('frozen');
      const requests = Array.from({ length: 50 }, (_, index) => get(live, READS[index % READS.length]!).then((r) => r.status));
      await sleep(300);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [
        new URL(database.url).pathname.slice(1),
      ]);
      proxy.setMode(round === 1 ? 'down' : 'pass');
      await sleep(50);
      proxy.setMode('pass');
      for (const status of await Promise.all(requests)) expect([200, 503]).toContain(status);
      expect(live.child.exitCode, live.output()).toBeNull();
    }
    await admin.end();
    for (const url of [...READS, '/readyz']) expect((await get(live, url)).status, live.output()).toBe(200);
  }, 60_000);

  it('on SIGTERM answers every request in flight in full, then exits 0 within 10 s', async () => {
    expect(server?.child.exitCode).toBeNull();
    const live = server!;
    proxy.setMode('frozen');
    const requests = Array.from({ length: 20 }, (_, index) =>
      get(live, READS[index % READS.length]!).then(async (response) => ({ status: response.status, body: (await response.json()) })),
    );
    await sleep(300);
    const signalled = performance.now();
    live.child.kill('SIGTERM');
    await sleep(500);
    // Still draining: the requests wait on the database, and the process must wait for them.
    expect(live.child.exitCode, live.output()).toBeNull();
    proxy.setMode('pass');

    const answers = await Promise.all(requests);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toBeTypeOf('object');
    }
    const { code, at } = await live.exited;
    expect(code, live.output()).toBe(0);
    expect(at - signalled).toBeLessThan(10_000);
    await expect(fetch(`${live.base}/healthz`)).rejects.toThrow();
  }, 60_000);
});

it('exits non-zero at the shutdown deadline when draining cannot finish', async () => {
  const server = await startServer(proxy.url(), { DB_STATEMENT_TIMEOUT_MS: '30000', SHUTDOWN_TIMEOUT_MS: '1500' });
  try {
    proxy.setMode('frozen');
    const stuck = Array.from({ length: 3 }, () => get(server, '/api/me').catch(() => undefined));
    await sleep(300);
    const signalled = performance.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    expect(code, server.output()).toBe(1);
    expect(at - signalled).toBeGreaterThan(1400);
    expect(at - signalled).toBeLessThan(5000);
    expect(server.output()).toMatch(/still stopping after 1500 ms/);
    await Promise.all(stuck);
  } finally {
    proxy.setMode('pass');
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
}, 60_000);
