import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { systemClock } from '../src/lib/clock';
import { createPerson } from '../src/seed/factories';
import { formAction, TestBrowser } from './browser';
import { freePort } from './global-setup';
import { createTestDatabase } from './helper';

let app: FastifyInstance;
let origin: string;
let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const config = loadConfig({ PORT: String(port), PUBLIC_URL: origin, DEMO: 'false', NODE_ENV: 'test', LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT_PER_MINUTE: '30', RTMP_INGEST: 'off', METRICS_PORT: '0' });
  app = await buildApp({ config, db: database.db, clock: systemClock, logger: false });
  await app.listen({ port, host: '127.0.0.1' });
  await createPerson(database.db, { login: 'creator', name: '김크리에이터', password: 'demo1234' });
  await createPerson(database.db, { login: 'locked', name: '잠길 계정', password: 'demo1234' });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

async function signIn(browser: TestBrowser, login: string, password: string, continueTo = `${origin}/studio/trend`) {
  const start = await browser.navigate(`/auth/login?continue=${encodeURIComponent(continueTo)}`);
  expect(start.url).toMatch(/\/accounts\/interaction\/[\w-]+$/);
  return browser.navigate(formAction(start.html), { method: 'POST', form: { login, password } });
}

describe('sign-in through the bundled OpenID provider', () => {
  it('runs the authorization code flow with PKCE and lands on the return address', async () => {
    const browser = new TestBrowser(origin);
    const start = await browser.navigate(`/auth/login?continue=${encodeURIComponent(`${origin}/studio/trend?tab=1`)}`);
    const authorize = new URL(start.visited[1] ?? '');
    expect(authorize.pathname).toBe('/accounts/auth');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
    expect(start.html).toContain('name="login"');
    expect(start.html).toContain('name="password"');

    const done = await browser.navigate(formAction(start.html), { method: 'POST', form: { login: 'creator', password: 'demo1234' } });
    // No consent screen for the first-party studio: straight back through the callback.
    expect(done.visited.some((url) => url.includes('/auth/callback?code='))).toBe(true);
    expect(done.visited.some((url) => url.includes('consent'))).toBe(false);
    expect(done.url).toBe(`${origin}/studio/trend?tab=1`);

    const me = await browser.request('/api/me', { accept: 'application/json' });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ login: 'creator', name: '김크리에이터', isUser: true });
    const session = browser.cookie('studio_session');
    expect(session).toBeTruthy();
    const stored = await database.db.selectFrom('sessions').select('id').execute();
    expect(stored.map((row) => row.id)).not.toContain(session);
  });

  it('sets the session cookie httpOnly and SameSite=Lax', async () => {
    const browser = new TestBrowser(origin);
    const start = await browser.navigate('/auth/login');
    const response = await browser.request(formAction(start.html), { method: 'POST', form: { login: 'creator', password: 'demo1234' } });
    let location = response.headers.get('location');
    let cookieHeader = '';
    for (let hops = 0; location && hops < 10; hops++) {
      const next = await browser.request(location);
      const sessionCookie = next.headers.getSetCookie().find((header) => header.startsWith('studio_session='));
      if (sessionCookie) cookieHeader = sessionCookie;
      location = next.status >= 300 && next.status < 400 ? next.headers.get('location') : null;
    }
    expect(cookieHeader).toMatch(/HttpOnly/i);
    expect(cookieHeader).toMatch(/SameSite=Lax/i);
    expect(cookieHeader).toMatch(/Path=\//);
  });

  it('says clearly when the password is wrong, and signs nobody in', async () => {
    const browser = new TestBrowser(origin);
    const result = await signIn(browser, 'creator', 'wrong-password');
    expect(result.response.status).toBe(401);
    expect(result.html).toContain('아이디 또는 비밀번호가 올바르지 않습니다.');
    expect(result.html).toContain('value="creator"');
    expect((await browser.request('/api/me', { accept: 'application/json' })).status).toBe(401);
  });

  it('locks an account after five failures in a row, even for the right password', async () => {
    const browser = new TestBrowser(origin);
    const start = await browser.navigate('/auth/login');
    const action = formAction(start.html);
    for (let attempt = 0; attempt < 5; attempt++) {
      const failed = await browser.navigate(action, { method: 'POST', form: { login: 'locked', password: `nope${attempt}` } });
      expect(failed.response.status).toBe(401);
    }
    const locked = await browser.navigate(action, { method: 'POST', form: { login: 'locked', password: 'demo1234' } });
    // Answered like any wrong login: the page never tells that this account exists.
    expect(locked.response.status).toBe(401);
    expect(locked.html).toContain('아이디 또는 비밀번호가 올바르지 않습니다.');
    expect((await browser.request('/api/me', { accept: 'application/json' })).status).toBe(401);
  });

  it('refuses a continue address outside the studio (no open redirect)', async () => {
    for (const target of ['https://evil.example/studio/', '//evil.example/', 'javascript:alert(1)']) {
      const browser = new TestBrowser(origin);
      const response = await browser.request(`/auth/login?continue=${encodeURIComponent(target)}`, { accept: 'application/json' });
      expect(response.status, target).toBe(400);
      expect(await response.json(), target).toMatchObject({ code: 'AUTH_INVALID_CONTINUE' });
      expect(response.headers.get('location')).toBeNull();
    }
  });

  it('refuses a continue address with a NUL in it as bad input, before anything is stored', async () => {
    const browser = new TestBrowser(origin);
    const response = await browser.request(`/auth/login?continue=${encodeURIComponent(`${origin}/studio/a\u0000b`)}`, { accept: 'application/json' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(response.headers.get('location')).toBeNull();
  });

  it('sends a page without a session to the login with its address, fragment included, and back after signing in', async () => {
    const browser = new TestBrowser(origin);
    const first = await browser.request('/studio/profile/alarm');
    expect(first.status).toBe(401);
    const page = await first.text();
    // Without scripts: the address the server saw; with scripts, to-login.js adds the fragment.
    expect(page).toContain(`url=/auth/login?continue=${encodeURIComponent(`${origin}/studio/profile/alarm`)}`);
    expect(page).toContain('<script src="/auth/to-login.js"></script>');
    const script = await (await browser.request('/auth/to-login.js', { accept: '*/*' })).text();
    expect(script).toContain("encodeURIComponent(location.href)");

    const withFragment = `${origin}/studio/profile/alarm#inviteObjectId=7`;
    const result = await signIn(browser, 'creator', 'demo1234', withFragment);
    expect(result.url).toBe(withFragment);
  });

  it('rotates the session at login: a session the browser brought along ends', async () => {
    const browser = new TestBrowser(origin);
    await signIn(browser, 'creator', 'demo1234');
    const before = browser.cookie('studio_session') ?? '';
    // Sign in again while the account service still knows this browser: it goes
    // straight to the callback. Carry the old session cookie into that callback.
    browser.setCookie('studio_session', 'none');
    let response = await browser.request(`/auth/login?continue=${encodeURIComponent(`${origin}/studio/`)}`);
    for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
      const location = new URL(response.headers.get('location') ?? '', origin);
      if (location.pathname === '/auth/callback') browser.setCookie('studio_session', before);
      response = await browser.request(location.href);
      if (location.pathname === '/auth/callback') break;
    }
    const after = browser.cookie('studio_session');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect((await browser.request('/api/me', { accept: 'application/json' })).status).toBe(200);
    const stale = new TestBrowser(origin);
    stale.setCookie('studio_session', before);
    expect((await stale.request('/api/me', { accept: 'application/json' })).status).toBe(401);
  });

  it('logout ends the session on the server and at the account service', async () => {
    const browser = new TestBrowser(origin);
    await signIn(browser, 'creator', 'demo1234');
    const token = browser.cookie('studio_session') ?? '';
    const logout = await browser.navigate('/auth/logout', { method: 'POST' });
    expect(logout.visited.some((url) => url.includes('/accounts/session/end'))).toBe(true);
    expect((await browser.request('/api/me', { accept: 'application/json' })).status).toBe(401);
    // The cookie value itself is dead, not merely forgotten by this browser.
    const replay = new TestBrowser(origin);
    replay.setCookie('studio_session', token);
    expect((await replay.request('/api/me', { accept: 'application/json' })).status).toBe(401);
  });

  it("has an account page for the signed-in account, and its login hands over to the studio's", async () => {
    const browser = new TestBrowser(origin);
    const anonymous = await browser.request('/accounts/account');
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe(`/accounts/login?continue=${encodeURIComponent(`${origin}/accounts/account`)}`);
    const handOver = await browser.request(`/accounts/login?continue=${encodeURIComponent('/studio/trend')}`);
    expect(handOver.headers.get('location')).toBe(`/auth/login?continue=${encodeURIComponent('/studio/trend')}&reauth=1`);

    await signIn(browser, 'creator', 'demo1234');
    const page = await browser.navigate('/accounts/account');
    expect(page.response.status).toBe(200);
    expect(page.html).toContain('김크리에이터');
    expect(page.html).toContain('action="/auth/logout"');

    // Signed in to the studio but not to the account page (its cookie lost): a fresh login, never a redirect loop.
    browser.setCookie('studio_account', 'gone');
    const again = await browser.navigate('/accounts/account');
    expect(again.url).toMatch(/\/accounts\/interaction\/[\w-]+$/);
    expect(again.html).toContain('name="password"');
    const done = await browser.navigate(formAction(again.html), { method: 'POST', form: { login: 'creator', password: 'demo1234' } });
    expect(done.url).toBe(`${origin}/accounts/account`);
    expect(done.html).toContain('김크리에이터');
  });

  it('refuses a callback whose state does not match this browser', async () => {
    const browser = new TestBrowser(origin);
    const response = await browser.request('/auth/callback?code=abc&state=forged', { accept: 'application/json' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'AUTH_LOGIN_FAILED' });
  });
});

// Last: it spends this address's login budget for the minute.
describe('the per-address login limit', () => {
  it('limits login posts per address and minute, with a page a person can read', async () => {
    const browser = new TestBrowser(origin);
    const start = await browser.navigate('/auth/login');
    const action = formAction(start.html);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      const response = await browser.request(action, { method: 'POST', form: { login: `nobody${attempt}`, password: 'x' } });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await response.text()).toContain('로그인 요청이 너무 많습니다. 잠시 후 다시 시도하세요.');
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 401)).toBe(true);
  });
});
