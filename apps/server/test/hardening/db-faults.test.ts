import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@studio/contract/errors';
import { createDb } from '../../src/db/database';
import { createPerson } from '../../src/seed/factories';
import { call, createTestApp, type TestContext } from '../helper';
import { startDbProxy, type DbProxy } from './db-proxy';

/**
 * The app's pool reaches PostgreSQL through a proxy that can go down or
 * freeze, with the production defaults for timeouts: what the outside fault
 * run did to a live studio (PostgreSQL restarted, frozen, stopped).
 */
let t: TestContext;
let proxy: DbProxy;
let cookie: string;

const READS = ['/api/me', '/api/my/notifications/unread', '/api/channels/management/tab-count'];

/** Fails the test quickly instead of hanging with the request. */
async function timed(send: () => ReturnType<typeof call>, limitMs = 4000) {
  const started = performance.now();
  const response = await Promise.race([
    send(),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${limitMs} ms`)), limitMs)),
  ]);
  return { response, ms: performance.now() - started };
}

function expectUnavailable(response: Awaited<ReturnType<typeof call>>, path: string) {
  expect(response.statusCode).toBe(503);
  const body = ErrorBody.parse(response.json());
  expect(body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도하세요.', path, extra: null });
  expect(body.trace).toBeUndefined();
  // Driver text, addresses and ports stay in the log.
  expect(response.body).not.toMatch(/127\.0\.0\.1|localhost|:\d{4,5}|ECONN|terminated|timeout|postgres/i);
}

async function terminateBackends(databaseUrl: string): Promise<number> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const result = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    return result.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  t = await createTestApp({ openDb: (url) => createDb(url, { max: 10, warn: () => undefined }) });
  const person = await createPerson(t.db, { login: 'faults', name: '장애' });
  cookie = await t.cookieFor(person.userId);
});

afterAll(async () => {
  await t.close();
});

describe('backends terminated under load (pg_terminate_backend, as a restart does)', () => {
  it('fails some requests as 503, never crashes, and answers normally afterwards', async () => {
    let terminated = 0;
    for (let round = 0; round < 5; round++) {
      const requests = Array.from({ length: 50 }, (_, index) => call(t.app, 'GET', READS[index % READS.length]!, cookie));
      // Kill while the requests hold connections, several times per round.
      for (let kill = 0; kill < 3; kill++) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        terminated += await terminateBackends(t.url);
      }
      for (const response of await Promise.all(requests)) {
        expect([200, 503]).toContain(response.statusCode);
        if (response.statusCode === 503) expect(response.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      }
    }
    expect(terminated).toBeGreaterThan(0);
    // Recovers by itself: a pooled connection killed in the last round may still be handed out once
    // before its error is seen, so each read gets the two seconds the README promises.
    for (const path of READS) await expect.poll(async () => (await call(t.app, 'GET', path, cookie)).statusCode, { timeout: 2_000, interval: 100 }).toBe(200);
  });
});

describe('through a proxy that goes down or freezes', () => {
  let p: TestContext;
  let pCookie: string;

  beforeAll(async () => {
    p = await createTestApp({
      openDb: async (url) => {
        proxy = await startDbProxy(url);
        return createDb(proxy.url(), { max: 10, warn: () => undefined });
      },
    });
    const person = await createPerson(p.db, { login: 'proxied', name: '프록시' });
    pCookie = await p.cookieFor(person.userId);
  });

  afterEach(() => proxy.setMode('pass'));

  afterAll(async () => {
    await p.close();
    await proxy.close();
  });

  it('a connection cut while its query runs is a 503, not a crash', async () => {
    // Requests hold their connections while the proxy holds their bytes; then every socket is reset.
    proxy.setMode('frozen');
    const requests = Array.from({ length: 30 }, (_, index) => timed(() => call(p.app, 'GET', READS[index % READS.length]!, pCookie)));
    await new Promise((resolve) => setTimeout(resolve, 200));
    proxy.setMode('down');
    for (const [index, { response }] of (await Promise.all(requests)).entries()) expectUnavailable(response, READS[index % READS.length]!);
    proxy.setMode('pass');
    for (const path of READS) expect((await call(p.app, 'GET', path, pCookie)).statusCode).toBe(200);
  });

  it('down: 503 SERVICE_UNAVAILABLE within 2 s, readyz 503, healthz 200; back by itself', async () => {
    expect((await call(p.app, 'GET', '/readyz')).statusCode).toBe(200);
    proxy.setMode('down');
    for (const path of READS) {
      const { response, ms } = await timed(() => call(p.app, 'GET', path, pCookie));
      expectUnavailable(response, path);
      expect(ms).toBeLessThan(2000);
    }
    const ready = await timed(() => call(p.app, 'GET', '/readyz'));
    expectUnavailable(ready.response, '/readyz');
    expect(ready.ms).toBeLessThan(2000);
    expect((await call(p.app, 'GET', '/healthz')).statusCode).toBe(200);

    proxy.setMode('pass');
    expect((await call(p.app, 'GET', '/readyz')).statusCode).toBe(200);
    for (const path of READS) expect((await call(p.app, 'GET', path, pCookie)).statusCode).toBe(200);
  });

  it('frozen: every request (and a mutation) answers 503 within 2 s, never hangs; back by itself', async () => {
    // The previous test's outage leaves the listener in its reconnect backoff (at most 5 s).
    const backAt = Date.now();
    while (!p.app.sessions.listening && Date.now() - backAt < 8_000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(p.app.sessions.listening).toBe(true);
    proxy.setMode('frozen');
    // A frozen network raises no error; the session listener's probe must notice it, so that
    // sessions stop being trusted from memory (a revocation elsewhere could not reach us).
    const frozenAt = Date.now();
    while (p.app.sessions.listening && Date.now() - frozenAt < 3_000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(p.app.sessions.listening).toBe(false);
    expect(Date.now() - frozenAt).toBeLessThan(2_000);
    const reads = await Promise.all(
      Array.from({ length: 20 }, (_, index) => timed(() => call(p.app, 'GET', READS[index % READS.length]!, pCookie))),
    );
    for (const [index, { response, ms }] of reads.entries()) {
      expectUnavailable(response, READS[index % READS.length]!);
      expect(ms).toBeLessThan(2000);
    }
    const write = await timed(() => call(p.app, 'POST', '/api/my/notifications/read', pCookie));
    expectUnavailable(write.response, '/api/my/notifications/read');
    expect(write.ms).toBeLessThan(2000);
    const ready = await timed(() => call(p.app, 'GET', '/readyz'));
    expectUnavailable(ready.response, '/readyz');
    expect(ready.ms).toBeLessThan(2000);
    expect((await call(p.app, 'GET', '/healthz')).statusCode).toBe(200);

    proxy.setMode('pass');
    expect((await call(p.app, 'GET', '/readyz')).statusCode).toBe(200);
    for (const path of READS) expect((await call(p.app, 'GET', path, pCookie)).statusCode).toBe(200);
  });
});
