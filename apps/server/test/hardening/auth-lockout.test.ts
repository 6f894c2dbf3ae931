import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '../../src/seed/factories';
import { openLoginForm, startAuthServer } from './auth-helper';

// The lockout and the equal answers are about real costs: this file hashes like production.
const cheapCost = process.env.PASSWORD_HASH_COST;
let server: Awaited<ReturnType<typeof startAuthServer>>;

beforeAll(async () => {
  process.env.PASSWORD_HASH_COST = '16384';
  server = await startAuthServer();
});

afterAll(async () => {
  await server.close();
  process.env.PASSWORD_HASH_COST = cheapCost;
});

const WRONG = '아이디 또는 비밀번호가 올바르지 않습니다.';

async function failures(login: string) {
  return server.db.selectFrom('account.accounts').select(['failed_logins', 'locked_until']).where('login', '=', login).executeTakeFirstOrThrow();
}

/** The page with the echoed login taken out, so answers for different logins can be compared byte for byte. */
const withoutEcho = (html: string, login: string) => html.replace(`value="${login}"`, 'value=""');

describe('the login lockout', () => {
  it('lets at most five of 30 parallel guesses be checked, and the right password does not sign in while locked', async () => {
    await createPerson(server.db, { login: 'target', password: 'right-password' });
    const browser = server.browser();
    const action = await openLoginForm(browser);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) => browser.request(action, { method: 'POST', form: { login: 'target', password: `guess-${index}` } })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(401));
    // Every check is reserved as a failure before the password is looked at: five reservations, five checks.
    const after = await failures('target');
    expect(after.failed_logins).toBe(5);
    expect(after.locked_until?.getTime()).toBeGreaterThan(server.clock.now().getTime());

    const right = await browser.navigate(action, { method: 'POST', form: { login: 'target', password: 'right-password' } });
    expect(right.response.status).toBe(401);
    expect(right.html).toContain(WRONG);
    expect((await browser.request('/api/me', { accept: 'application/json' })).status).toBe(401);
    expect((await failures('target')).failed_logins).toBe(5);
  });

  it('answers a locked account exactly as an unknown login, and a wrong password alike', async () => {
    await createPerson(server.db, { login: 'lockme', password: 'right-password' });
    await createPerson(server.db, { login: 'plain', password: 'right-password' });
    const browser = server.browser();
    const action = await openLoginForm(browser);
    const post = async (login: string, password: string) => {
      const response = await browser.request(action, { method: 'POST', form: { login, password } });
      return { status: response.status, type: response.headers.get('content-type'), html: withoutEcho(await response.text(), login) };
    };
    for (let attempt = 0; attempt < 5; attempt++) await post('lockme', `nope-${attempt}`);
    expect((await failures('lockme')).locked_until).not.toBeNull();

    const unknown = await post('nobody-here', 'right-password');
    const locked = await post('lockme', 'right-password');
    const wrong = await post('plain', 'not-it');
    expect(unknown.status).toBe(401);
    expect(unknown.html).toContain(WRONG);
    expect(locked).toEqual(unknown);
    expect(wrong).toEqual(unknown);
  });

  it('ends the lock by time: a wrong password after it starts a fresh count, and the right one signs in', async () => {
    await createPerson(server.db, { login: 'expiring', password: 'right-password' });
    const browser = server.browser();
    const action = await openLoginForm(browser);
    for (let attempt = 0; attempt < 5; attempt++) {
      await browser.request(action, { method: 'POST', form: { login: 'expiring', password: `nope-${attempt}` } });
    }
    expect((await failures('expiring')).failed_logins).toBe(5);
    server.clock.advance(5 * 60_000);
    await browser.request(action, { method: 'POST', form: { login: 'expiring', password: 'still-wrong' } });
    expect(await failures('expiring')).toEqual({ failed_logins: 1, locked_until: null });

    const done = await browser.navigate(action, { method: 'POST', form: { login: 'expiring', password: 'right-password' } });
    expect(done.url).toBe(`${server.origin}/studio/`);
    expect(await failures('expiring')).toEqual({ failed_logins: 0, locked_until: null });
  });

  it('takes as long for an unknown login as for a wrong password', async () => {
    // Each sample uses its own account, so none of them is locked by the samples before it.
    for (let index = 0; index < 5; index++) await createPerson(server.db, { login: `timed${index}`, password: 'right-password' });
    const browser = server.browser();
    const action = await openLoginForm(browser);
    const timed = async (login: string) => {
      const started = performance.now();
      const response = await browser.request(action, { method: 'POST', form: { login, password: 'wrong-password' } });
      await response.text();
      expect(response.status).toBe(401);
      return performance.now() - started;
    };
    await timed('warm-up');
    const real: number[] = [];
    const unknown: number[] = [];
    for (let index = 0; index < 5; index++) {
      real.push(await timed(`timed${index}`));
      unknown.push(await timed(`unknown${index}`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    expect(median(unknown), `unknown ${unknown.join(', ')} vs real ${real.join(', ')}`).toBeGreaterThanOrEqual(0.5 * median(real));
  });
});

describe('the login form input', () => {
  const hostile: [string, string][] = [
    ['an over-long login', `login=${'a'.repeat(101)}&password=x`],
    ['an over-long password', `login=someone&password=${'x'.repeat(201)}`],
    ['a login array', 'login[]=a&login[]=b&password=x'],
    ['a repeated login', 'login=a&login=b&password=x'],
    ['a repeated password', 'login=someone&password=x&password=y'],
    ['a NUL byte in the login', 'login=some%00one&password=x'],
    ['a NUL byte in the password', 'login=someone&password=x%00y'],
    ['a missing password', 'login=someone'],
  ];
  for (const [what, body] of hostile) {
    it(`answers ${what} with 400 and the form's error`, async () => {
      const browser = server.browser();
      const action = await openLoginForm(browser);
      const response = await browser.request(action, { method: 'POST', form: body });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain('<p class="error" role="alert">아이디와 비밀번호를 다시 입력해 주세요.</p>');
      expect(html).toContain('name="password"');
    });
  }

  it('answers a JSON body of the wrong shape with 400', async () => {
    const browser = server.browser();
    const action = await openLoginForm(browser);
    const response = await fetch(new URL(action, server.origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin, cookie: browser.cookieHeader() },
      body: JSON.stringify({ login: 42, password: ['x'] }),
    });
    expect(response.status).toBe(400);
  });
});

describe('the CSRF check on the account login form', () => {
  for (const path of ['/accounts/%69nteraction/abc/login', '/accounts/interaction%2Fabc%2Flogin', '/accounts//interaction/abc/login', '/accounts/x/../interaction/abc/login', '/accounts/%6cogin']) {
    it(`refuses a cross-site post to ${path}`, async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: path,
        headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'login=attacker&password=x',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'CSRF_ORIGIN_MISMATCH' });
    });
  }

  it('still lets the OpenID endpoints be called by the client', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/accounts/token', headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).not.toBe(403);
  });
});
