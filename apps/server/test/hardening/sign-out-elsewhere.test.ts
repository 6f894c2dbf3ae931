import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MySession } from '@studio/contract/session';
import { createPerson } from '../../src/seed/factories';
import { type TestBrowser } from '../browser';
import { signIn, startAuthServer } from './auth-helper';

/**
 * Issue 23, point 6: a device signed out from the profile page must sign in again with the password.
 * The account service remembers its own sign-in in that browser; without asking it for a fresh login
 * (prompt=login), the studio's next sign-in would pass straight through it and the device would be
 * signed in again without anyone typing anything.
 */
let server: Awaited<ReturnType<typeof startAuthServer>>;
let login: string;

beforeAll(async () => {
  server = await startAuthServer();
  const person = await createPerson(server.db, { password: 'demo1234' });
  login = person.login;
});

afterAll(async () => {
  await server.close();
});

async function signedIn(): Promise<TestBrowser> {
  const browser = server.browser();
  const done = await signIn(browser, login, 'demo1234');
  expect(done.url).toMatch(/\/studio\/$/);
  expect((await browser.request('/api/me', { accept: 'application/json' })).status).toBe(200);
  return browser;
}

const startSignIn = (browser: TestBrowser) => browser.navigate(`/auth/login?continue=${encodeURIComponent(`${server.origin}/studio/`)}`);

describe('a device signed out from another one', () => {
  it('is asked for the password at its next sign-in, while an idle or expired one passes through the remembered sign-in', async () => {
    const laptop = await signedIn();
    const phone = await signedIn();
    const lost = await signedIn();

    const sessions = (await (await laptop.request('/api/me/sessions', { accept: 'application/json' })).json()) as MySession[];
    expect(sessions).toHaveLength(3);
    // The lost one is the newest of the others.
    const others = sessions.filter((session) => !session.current);
    const lostId = Math.max(...others.map((session) => session.id));
    expect((await laptop.request(`/api/me/sessions/${lostId}`, { method: 'DELETE', accept: 'application/json' })).status).toBe(204);
    expect((await lost.request('/api/me', { accept: 'application/json' })).status).toBe(401);

    // The signed-out device lands on the login form, not back in the studio.
    const again = await startSignIn(lost);
    expect(again.url).toMatch(/\/accounts\/interaction\/[\w-]+$/);
    expect(again.html).toContain('name="password"');
    expect(new URL(again.visited[1] ?? '').searchParams.get('prompt')).toBe('login');

    // A device whose studio session merely went away (here: its row deleted as the idle purge does) is
    // signed in again through the account service's remembered sign-in, as before.
    const phoneSession = sessions.find((session) => session.id !== lostId && !session.current);
    await server.db.deleteFrom('sessions').where('public_id', '=', phoneSession!.id).execute();
    // The deletion reaches the server's session cache as an announcement (a trigger's NOTIFY), not at
    // once: on a loaded machine the next request may come first. Within a few seconds it is gone.
    const deadline = Date.now() + 10_000;
    let status = 0;
    while ((status = (await phone.request('/api/me', { accept: 'application/json' })).status) !== 401 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe(401);
    const passing = await startSignIn(phone);
    expect(passing.url).toBe(`${server.origin}/studio/`);
    expect((await phone.request('/api/me', { accept: 'application/json' })).status).toBe(200);
  });
});
