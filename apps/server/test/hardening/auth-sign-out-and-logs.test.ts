import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '../../src/seed/factories';
import { signIn, startAuthServer } from './auth-helper';

const lines: string[] = [];
let server: Awaited<ReturnType<typeof startAuthServer>>;

beforeAll(async () => {
  server = await startAuthServer({ env: { AUTH_START_RATE_LIMIT_PER_MINUTE: '12' }, logStream: { write: (line) => void lines.push(line) } });
  await createPerson(server.db, { login: 'creator', password: 'demo1234' });
});

afterAll(async () => {
  await server.close();
});

describe('the request log', () => {
  it('keeps OAuth codes, states, ID tokens, cookies and stream keys out', async () => {
    const browser = server.browser();
    const done = await signIn(browser, 'creator', 'demo1234');
    const callback = new URL(done.visited.find((url) => url.includes('/auth/callback?')) ?? '');
    const secrets = [callback.searchParams.get('code'), callback.searchParams.get('state'), browser.cookie('studio_session')];

    const logout = await browser.navigate('/auth/logout', { method: 'POST' });
    const endSession = new URL(logout.visited.find((url) => url.includes('id_token_hint=')) ?? '');
    secrets.push(endSession.searchParams.get('id_token_hint'));

    await browser.request('/live/sk-live-secret/index.m3u8?key=sk-query-secret&streamKey=sk-camel-secret&page=2');
    expect(secrets.every(Boolean)).toBe(true);
    secrets.push('sk-live-secret', 'sk-query-secret', 'sk-camel-secret');

    const log = lines.join('');
    expect(log).toContain('/auth/callback?code=[redacted]');
    expect(log).toContain('/live/[redacted]/index.m3u8?key=[redacted]&streamKey=[redacted]&page=2');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log.toLowerCase()).not.toContain('"cookie"');
  });
});

describe('signing out', () => {
  it('also ends the account page session, so its cookie no longer opens the account page', async () => {
    const browser = server.browser();
    await signIn(browser, 'creator', 'demo1234');
    expect((await browser.request('/accounts/account')).status).toBe(200);
    const accountCookie = browser.cookie('studio_account') ?? '';
    expect(accountCookie).toBeTruthy();

    await browser.request('/auth/logout', { method: 'POST' });
    // A browser that kept the cookie (the issuer's logout page never submitted): still closed.
    const kept = server.browser();
    kept.setCookie('studio_account', accountCookie);
    const page = await kept.request('/accounts/account');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toMatch(/^\/accounts\/login\?continue=/);
  });
});

describe('sign-in starts', () => {
  it('are limited per address, and signed-in visits that only redirect do not count', async () => {
    const signedIn = server.browser();
    await signIn(signedIn, 'creator', 'demo1234');
    for (let visit = 0; visit < 15; visit++) {
      const response = await signedIn.request('/auth/login?continue=%2Fstudio%2F');
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`${server.origin}/studio/`);
    }
    const statuses: number[] = [];
    for (let start = 0; start < 15; start++) {
      const response = await server.browser().request('/auth/login');
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await response.text()).toContain('로그인 요청이 너무 많습니다. 잠시 후 다시 시도하세요.');
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.length).toBeLessThanOrEqual(13);
  });
});
