import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';
import { hashToken } from '../../src/lib/session-token';
import { purgeExpiredSignIns } from '../../src/plugins/sign-in-purge';
import { createPerson } from '../../src/seed/factories';
import { ORIGIN, createTestApp, type TestContext } from '../helper';

const HOUR = 3_600_000;
let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ env: { SESSION_IDLE_HOURS: '72' } });
});

afterAll(async () => {
  await t.close();
});

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

async function lastSeen(cookie: string) {
  const token = cookie.split('=')[1] ?? '';
  const row = await t.db.selectFrom('sessions').select('last_seen_at').where('id', '=', hashToken(token)).executeTakeFirst();
  return row?.last_seen_at.getTime();
}

describe('the idle timeout of studio sessions', () => {
  it('ends a session unused for SESSION_IDLE_HOURS, while use keeps it going', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(71 * HOUR);
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(71 * HOUR);
    // 142 hours after sign-in, but seen 71 hours ago.
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock.advance(72 * HOUR);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('writes last-seen at most once a minute, not on every request', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    const start = t.clock.now().getTime();
    expect(await lastSeen(cookie)).toBe(start);
    t.clock.advance(30_000);
    await me(cookie);
    await me(cookie);
    expect(await lastSeen(cookie)).toBe(start);
    t.clock.advance(30_000);
    await me(cookie);
    expect(await lastSeen(cookie)).toBe(start + 60_000);
    t.clock.advance(59_000);
    await me(cookie);
    expect(await lastSeen(cookie)).toBe(start + 60_000);
  });
});

describe('the purge of expired sign-in rows', () => {
  it('removes expired and idle sessions, old sign-in requests, and expired account page sessions, and keeps the rest', async () => {
    const now = t.clock.now();
    const at = (ms: number) => new Date(now.getTime() + ms);
    const person = await createPerson(t.db);
    await t.db.deleteFrom('sessions').execute();
    await t.db
      .insertInto('sessions')
      .values([
        { id: 'live', user_id: person.userId, expires_at: at(HOUR), last_seen_at: at(-HOUR) },
        { id: 'expired', user_id: person.userId, expires_at: at(-1), last_seen_at: at(-HOUR) },
        { id: 'idle', user_id: person.userId, expires_at: at(HOUR), last_seen_at: at(-72 * HOUR) },
      ])
      .execute();
    await t.db
      .insertInto('sessions_signed_out')
      .values([
        { id: 'signed-out-alive', user_id: person.userId, signed_out_at: at(-HOUR), expires_at: at(HOUR) },
        { id: 'signed-out-over', user_id: person.userId, signed_out_at: at(-HOUR), expires_at: at(-1) },
      ])
      .execute();
    await t.db
      .insertInto('auth_requests')
      .values([
        { state: 'fresh', nonce: 'n', code_verifier: 'v', continue_url: '/studio/', created_at: at(-9 * 60_000) },
        { state: 'stale', nonce: 'n', code_verifier: 'v', continue_url: '/studio/', created_at: at(-11 * 60_000) },
      ])
      .execute();
    await t.db
      .insertInto('account.web_sessions')
      .values([
        { id: 'web-live', account_id: person.accountId, expires_at: at(HOUR) },
        { id: 'web-expired', account_id: person.accountId, expires_at: at(-1) },
      ])
      .execute();

    expect(await purgeExpiredSignIns(t.db, now, { sessionIdleHours: 72 })).toEqual({ sessions: 2, signedOutSessions: 1, authRequests: 1, webSessions: 1 });
    expect((await t.db.selectFrom('sessions').select('id').execute()).map((row) => row.id)).toEqual(['live']);
    expect((await t.db.selectFrom('sessions_signed_out').select('id').execute()).map((row) => row.id)).toEqual(['signed-out-alive']);
    expect((await t.db.selectFrom('auth_requests').select('state').execute()).map((row) => row.state)).toEqual(['fresh']);
    expect((await t.db.selectFrom('account.web_sessions').select('id').execute()).map((row) => row.id)).toEqual(['web-live']);

    // Moved on: what was alive has now run out too.
    expect(await purgeExpiredSignIns(t.db, at(HOUR), { sessionIdleHours: 72 })).toEqual({ sessions: 1, signedOutSessions: 1, authRequests: 1, webSessions: 1 });
  });
});

describe('logging out', () => {
  const logout = (method: 'GET' | 'POST', cookie: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: '/auth/logout', headers: { cookie, ...headers } });

  it('is never done by a GET, whatever its fetch metadata says: it shows a confirmation that posts back', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    // same-origin and none are what the probe's cross-site GET could claim too (or a redirect from a foreign page carry).
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, { 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'none' }, { referer: 'https://evil.example/' }, {}] as Record<string, string>[]) {
      const response = await logout('GET', cookie, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('<html lang="ko">');
      expect(response.body).toContain('<form method="post" action="/auth/logout"><button type="submit">로그아웃</button></form>');
      expect(response.headers['set-cookie']).toBeUndefined();
      expect((await me(cookie)).statusCode).toBe(200);
    }
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', '=', person.userId).execute();
    expect(sessions).toHaveLength(1);
  });

  it('is done by a POST from the studio', async () => {
    for (const headers of [{ origin: ORIGIN }, { origin: ORIGIN, 'sec-fetch-site': 'same-origin' }, { 'sec-fetch-site': 'same-origin' }] as Record<string, string>[]) {
      const person = await createPerson(t.db);
      const cookie = await t.cookieFor(person.userId);
      const response = await logout('POST', cookie, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(303);
      expect((await me(cookie)).statusCode).toBe(401);
    }
  });

  it('is refused for a POST from another origin, and the session stays', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    for (const headers of [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }] as Record<string, string>[]) {
      const response = await logout('POST', cookie, headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toMatchObject({ code: 'CSRF_ORIGIN_MISMATCH' });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect((await me(cookie)).statusCode).toBe(200);
    }
  });
});

describe('caching of personal answers', () => {
  it('marks API and sign-in answers no-store, signed in or not, and leaves static scripts cacheable', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    for (const [url, headers] of [
      ['/api/me', { cookie }],
      ['/api/me', {}],
      ['/api/no-such-route', { cookie }],
      ['/auth/callback?state=x&code=y', {}],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    expect((await t.app.inject({ method: 'GET', url: '/auth/to-login.js' })).headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('the sign-in settings', () => {
  it('have defaults, and production never hashes passwords cheaply', () => {
    const config = loadConfig({});
    expect(config.sessionIdleHours).toBe(72);
    expect(config.authStartRateLimitPerMinute).toBe(60);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO: 'false', PASSWORD_HASH_COST: '1024' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO: 'false', PASSWORD_HASH_COST: '16384' })).not.toThrow();
    expect(() => loadConfig({ PASSWORD_HASH_COST: '1000' })).toThrow(/PASSWORD_HASH_COST/);
    expect(() => loadConfig({ SESSION_IDLE_HOURS: '0' })).toThrow(/SESSION_IDLE_HOURS/);
  });
});
