import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createDb } from '../../src/db/database';
import type { Db } from '../../src/db/schema';
import { hashToken } from '../../src/lib/session-token';
import { TOUCH_EVERY_MS } from '../../src/plugins/session';
import { createPerson } from '../../src/seed/factories';
import { ORIGIN, createTestApp, type TestContext } from '../helper';

// Two instances of the studio on one database, as behind a load balancer.
let t: TestContext;
let otherDb: Db;
let other: FastifyInstance;

async function until(condition: () => boolean | Promise<boolean>, withinMs: number): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < withinMs) {
    if (await condition()) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`not within ${withinMs} ms`);
}

beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_IDLE_HOURS: '72' } });
  otherDb = createDb(t.url, { max: 2, connectTimeoutMs: 10_000, statementTimeoutMs: 20_000 });
  other = await buildApp({ config: t.config, db: otherDb, clock: t.clock, logger: false, backgroundJobs: false });
  await other.ready();
  await until(() => t.app.sessions.listening && other.sessions.listening, 10_000);
});

afterAll(async () => {
  await other.close();
  await otherDb.destroy();
  await t.close();
});

const me = (app: FastifyInstance, cookie: string) => app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

describe('sessions served from memory', () => {
  it('are read from the database once per instance, then from memory', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    const before = [t.app.sessions.lookups, other.sessions.lookups];
    for (let i = 0; i < 5; i++) {
      expect((await me(t.app, cookie)).statusCode).toBe(200);
      expect((await me(other, cookie)).statusCode).toBe(200);
    }
    expect([t.app.sessions.lookups - (before[0] ?? 0), other.sessions.lookups - (before[1] ?? 0)]).toEqual([1, 1]);
  });

  it('end on every instance within a second of a logout on one', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    expect((await me(other, cookie)).statusCode).toBe(200);
    const lookups = other.sessions.lookups;
    expect((await me(other, cookie)).statusCode).toBe(200);
    expect(other.sessions.lookups).toBe(lookups);

    const logout = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie, origin: ORIGIN } });
    expect(logout.statusCode).toBeLessThan(400);
    expect((await me(t.app, cookie)).statusCode).toBe(401);
    await until(async () => (await me(other, cookie)).statusCode === 401, 1_000);
  });

  it('end within a second when the row goes by any other path (purge, a deleted person)', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    expect((await me(other, cookie)).statusCode).toBe(200);
    await t.db.deleteFrom('users').where('id', '=', person.userId).execute();
    await until(async () => (await me(other, cookie)).statusCode === 401, 1_000);
  });

  it('show a changed person within a second (operator flag set by hand)', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    expect((await me(other, cookie)).json()).toMatchObject({ isOperator: false });
    await t.db.updateTable('users').set({ is_operator: true }).where('id', '=', person.userId).execute();
    await until(async () => (await me(other, cookie)).json<{ isOperator: boolean }>().isOperator, 1_000);
  });

  it('keep idle expiry and the last-seen touch', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    const id = hashToken(cookie.split('=')[1] ?? '');
    const lastSeen = async () =>
      (await t.db.selectFrom('sessions').select('last_seen_at').where('id', '=', id).executeTakeFirstOrThrow()).last_seen_at.getTime();
    expect((await me(other, cookie)).statusCode).toBe(200);
    const first = await lastSeen();
    t.clock.advance(TOUCH_EVERY_MS + 1_000);
    expect((await me(other, cookie)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(t.clock.now().getTime());
    expect(await lastSeen()).toBeGreaterThan(first);
    // Used on the other instance, idle on this one's cache: still alive, read again rather than refused.
    t.clock.advance(71 * 3_600_000);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
    t.clock.advance(71 * 3_600_000);
    expect((await me(other, cookie)).statusCode).toBe(200);
    t.clock.advance(72 * 3_600_000);
    expect((await me(other, cookie)).statusCode).toBe(401);
    expect((await me(t.app, cookie)).statusCode).toBe(401);
  });

  it('recover when the listening connection is killed, and still hear revocations', async () => {
    const pid = other.announcements.backendPid;
    expect(pid).toBeTypeOf('number');
    await sql`SELECT pg_terminate_backend(${pid})`.execute(t.db);
    await until(() => other.sessions.listening && other.announcements.backendPid !== pid, 10_000);

    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    expect((await me(other, cookie)).statusCode).toBe(200);
    const lookups = other.sessions.lookups;
    expect((await me(other, cookie)).statusCode).toBe(200);
    expect(other.sessions.lookups).toBe(lookups);
    await t.db.deleteFrom('sessions').where('id', '=', hashToken(cookie.split('=')[1] ?? '')).execute();
    await until(async () => (await me(other, cookie)).statusCode === 401, 1_000);
  });
});
