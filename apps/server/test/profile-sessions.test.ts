import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MySessionList, type MySession } from '@studio/contract/session';
import { buildApp } from '../src/app';
import { createDb } from '../src/db/database';
import type { Db } from '../src/db/schema';
import { hashToken } from '../src/lib/session-token';
import { TOUCH_EVERY_MS, sessionCookieName } from '../src/plugins/session';
import { sessionRepository } from '../src/plugins/session-repository';
import { createPerson } from '../src/seed/factories';
import { ORIGIN, createTestApp, type TestContext } from './helper';

/**
 * Issue 23, point 6: the profile's sessions. A person sees their own sessions with device, address and
 * last use, and signs out one or all others; a signed-out session answers 401 at once on the instance
 * that signed it out and within a second on every other one (two instances on one database, as behind
 * the balancer). Another person's session is a 404, as one that never existed.
 */
let t: TestContext;
let otherDb: Db;
let other: FastifyInstance;

const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function until(condition: () => Promise<boolean>, withinMs: number): Promise<void> {
  const start = performance.now();
  while (performance.now() - start < withinMs) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`not within ${withinMs} ms`);
}

beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_IDLE_HOURS: '72' } });
  otherDb = createDb(t.url, { max: 2, connectTimeoutMs: 10_000, statementTimeoutMs: 20_000 });
  other = await buildApp({ config: t.config, db: otherDb, clock: t.clock, logger: false, backgroundJobs: false });
  await other.ready();
  const start = performance.now();
  while (!(t.app.sessions.listening && other.sessions.listening)) {
    if (performance.now() - start > 10_000) throw new Error('the session caches did not start listening');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});

afterAll(async () => {
  await other.close();
  await otherDb.destroy();
  await t.close();
});

/** A sign-in from a device: a session row as the sign-in writes it, and its cookie. */
async function signIn(userId: number, userAgent: string, address: string): Promise<string> {
  const [browser, os] = userAgent.includes('iPhone') ? ['Safari', 'iOS'] : ['Chrome', 'Windows'];
  const token = await sessionRepository(t.db).create(userId, null, new Date(t.clock.now().getTime() + 86_400_000), t.clock.now(), { browser, os, address });
  return `${sessionCookieName(false)}=${token}`;
}

const me = (app: FastifyInstance, cookie: string) => app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const list = async (cookie: string, app = t.app): Promise<MySession[]> => {
  const response = await app.inject({ method: 'GET', url: '/api/me/sessions', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return MySessionList.parse(response.json());
};
const revoke = (cookie: string, id: number | string, app = t.app) =>
  app.inject({ method: 'DELETE', url: `/api/me/sessions/${id}`, headers: { cookie, origin: ORIGIN } });
const revokeOthers = (cookie: string, app = t.app) => app.inject({ method: 'DELETE', url: '/api/me/sessions', headers: { cookie, origin: ORIGIN } });

describe('GET /api/me/sessions', () => {
  it("lists the person's live sessions, this one first, with device, address, sign-in and last use; nobody else's", async () => {
    const person = await createPerson(t.db);
    const stranger = await createPerson(t.db);
    const laptop = await signIn(person.userId, WINDOWS_CHROME, '203.0.113.7');
    // Less than a minute on: the list's own request does not yet write the laptop's last use.
    t.clock.advance(TOUCH_EVERY_MS / 2);
    const phone = await signIn(person.userId, IPHONE_SAFARI, '198.51.100.20');
    await signIn(stranger.userId, WINDOWS_CHROME, '192.0.2.1');

    const fromLaptop = await list(laptop);
    expect(fromLaptop).toHaveLength(2);
    expect(fromLaptop.map((session) => [session.current, session.browser, session.os, session.address])).toEqual([
      [true, 'Chrome', 'Windows', '203.0.113.7'],
      [false, 'Safari', 'iOS', '198.51.100.20'],
    ]);
    const fromPhone = await list(phone);
    expect(fromPhone.map((session) => session.current)).toEqual([true, false]);
    expect(fromPhone[0]?.id).toBe(fromLaptop[1]?.id);
    expect(fromPhone[0]?.signedInAt).toBe(t.clock.now().toISOString());
    // The row's key (the cookie token's hash) never leaves the server.
    const body = (await t.app.inject({ method: 'GET', url: '/api/me/sessions', headers: { cookie: laptop } })).body;
    const token = laptop.split('=')[1] ?? '';
    expect(body).not.toContain(hashToken(token));
    expect(body).not.toContain(token);
  });

  it('records the last use and the device and address it came from, at most once a minute, not on every request', async () => {
    const person = await createPerson(t.db);
    const cookie = await signIn(person.userId, WINDOWS_CHROME, '203.0.113.7');
    const signedIn = t.clock.now().toISOString();
    const from = (userAgent: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie, 'user-agent': userAgent } });
    t.clock.advance(TOUCH_EVERY_MS / 2);
    await from(IPHONE_SAFARI);
    expect((await list(cookie))[0]).toMatchObject({ lastUsedAt: signedIn, browser: 'Chrome', os: 'Windows' });
    t.clock.advance(TOUCH_EVERY_MS / 2);
    await from(IPHONE_SAFARI);
    // inject's own address: what the server saw, never a header the client wrote.
    expect((await list(cookie))[0]).toMatchObject({ lastUsedAt: t.clock.now().toISOString(), browser: 'Safari', os: 'iOS', address: '127.0.0.1', signedInAt: signedIn });
    const written = t.clock.now().toISOString();
    for (let i = 0; i < 5; i++) await from(WINDOWS_CHROME);
    t.clock.advance(TOUCH_EVERY_MS - 1);
    await from(WINDOWS_CHROME);
    expect((await list(cookie))[0]).toMatchObject({ lastUsedAt: written, browser: 'Safari' });
  });

  it('leaves out sessions past their lifetime or idle', async () => {
    const person = await createPerson(t.db);
    const cookie = await signIn(person.userId, WINDOWS_CHROME, '203.0.113.7');
    const now = t.clock.now();
    await t.db
      .insertInto('sessions')
      .values([
        { id: `expired-${person.userId}`, user_id: person.userId, expires_at: new Date(now.getTime() - 1), last_seen_at: now },
        { id: `idle-${person.userId}`, user_id: person.userId, expires_at: new Date(now.getTime() + 86_400_000), last_seen_at: new Date(now.getTime() - 73 * 3_600_000) },
      ])
      .execute();
    expect(await list(cookie)).toHaveLength(1);
  });
});

describe('DELETE /api/me/sessions/{id}', () => {
  it('signs one session out: 401 at once on this instance, within a second on the other; a repeat is 404', async () => {
    const person = await createPerson(t.db);
    const laptop = await signIn(person.userId, WINDOWS_CHROME, '203.0.113.7');
    const phone = await signIn(person.userId, IPHONE_SAFARI, '198.51.100.20');
    // Both instances hold the phone's session in memory.
    for (const app of [t.app, other]) for (let i = 0; i < 2; i++) expect((await me(app, phone)).statusCode).toBe(200);
    const phoneId = (await list(laptop)).find((session) => !session.current)?.id;
    expect(phoneId).toBeDefined();

    const response = await revoke(laptop, phoneId!);
    expect(response.statusCode, response.body).toBe(204);
    expect((await me(t.app, phone)).statusCode).toBe(401);
    await until(async () => (await me(other, phone)).statusCode === 401, 1_000);
    expect((await me(t.app, laptop)).statusCode).toBe(200);
    expect((await list(laptop)).map((session) => session.current)).toEqual([true]);

    const again = await revoke(laptop, phoneId!);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it("answers another person's session 404 exactly as an unknown one, and leaves it signed in", async () => {
    const person = await createPerson(t.db);
    const stranger = await createPerson(t.db);
    const cookie = await signIn(person.userId, WINDOWS_CHROME, '203.0.113.7');
    const theirs = await signIn(stranger.userId, IPHONE_SAFARI, '198.51.100.20');
    const theirId = (await list(theirs))[0]!.id;
    const foreign = await revoke(cookie, theirId);
    const unknown = await revoke(cookie, 9_000_000_000);
    expect([foreign.statusCode, unknown.statusCode]).toEqual([404, 404]);
    const { trace: _foreignTrace, path: _foreignPath, ...foreignBody } = foreign.json<Record<string, unknown>>();
    const { trace: _unknownTrace, path: _unknownPath, ...unknownBody } = unknown.json<Record<string, unknown>>();
    expect(foreignBody).toEqual(unknownBody);
    expect((await me(t.app, theirs)).statusCode).toBe(200);
  });

  it('answers 401 without a session, 400 with a code for a malformed id, 403 from another origin', async () => {
    const person = await createPerson(t.db);
    const cookie = await signIn(person.userId, WINDOWS_CHROME, '203.0.113.7');
    const id = (await list(cookie))[0]!.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${id}`, headers: { origin: ORIGIN } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/me/sessions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/me/sessions', headers: { origin: ORIGIN } })).statusCode).toBe(401);
    for (const malformed of ['abc', '0', '-1', '1e3', '99999999999999999999']) {
      const response = await revoke(cookie, malformed);
      expect(response.statusCode, malformed).toBe(400);
      expect(response.json<{ code: string }>().code, malformed).toBe('VALIDATION_FAILED');
    }
    const crossSite = await t.app.inject({ method: 'DELETE', url: `/api/me/sessions/${id}`, headers: { cookie, origin: 'https://evil.example' } });
    expect(crossSite.statusCode).toBe(403);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
  });

  it('under 50 parallel sign-outs of one session, exactly one signs it out and the rest answer 404', async () => {
    const person = await createPerson(t.db);
    const cookie = await signIn(person.userId, WINDOWS_CHROME, '203.0.113.7');
    const phone = await signIn(person.userId, IPHONE_SAFARI, '198.51.100.20');
    const phoneId = (await list(cookie)).find((session) => !session.current)!.id;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => revoke(cookie, phoneId, i % 2 === 0 ? t.app : other)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 204)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(49);
    expect((await me(t.app, phone)).statusCode).toBe(401);
    expect((await me(t.app, cookie)).statusCode).toBe(200);
  });
});

describe('DELETE /api/me/sessions (every other one)', () => {
  it('signs out every other session of the person and none of anyone else; a repeat answers 0', async () => {
    const person = await createPerson(t.db);
    const stranger = await createPerson(t.db);
    const laptop = await signIn(person.userId, WINDOWS_CHROME, '203.0.113.7');
    const phones = await Promise.all([1, 2, 3].map(() => signIn(person.userId, IPHONE_SAFARI, '198.51.100.20')));
    const theirs = await signIn(stranger.userId, IPHONE_SAFARI, '198.51.100.20');
    for (const cookie of phones) expect((await me(other, cookie)).statusCode).toBe(200);

    const response = await revokeOthers(laptop);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ signedOut: 3 });
    for (const cookie of phones) expect((await me(t.app, cookie)).statusCode).toBe(401);
    for (const cookie of phones) await until(async () => (await me(other, cookie)).statusCode === 401, 1_000);
    expect((await me(t.app, laptop)).statusCode).toBe(200);
    expect((await me(t.app, theirs)).statusCode).toBe(200);
    expect((await revokeOthers(laptop)).json()).toEqual({ signedOut: 0 });
  });

  it('under 50 parallel calls signs each other session out once: the answers add up to how many there were', async () => {
    const person = await createPerson(t.db);
    const laptop = await signIn(person.userId, WINDOWS_CHROME, '203.0.113.7');
    await Promise.all(Array.from({ length: 7 }, () => signIn(person.userId, IPHONE_SAFARI, '198.51.100.20')));
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => revokeOthers(laptop, i % 2 === 0 ? t.app : other)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.reduce((sum, answer) => sum + answer.json<{ signedOut: number }>().signedOut, 0)).toBe(7);
    expect((await list(laptop)).map((session) => session.current)).toEqual([true]);
  });
});

