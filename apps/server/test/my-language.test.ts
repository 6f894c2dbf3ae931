import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from '../src/seed/factories';
import { call, createTestApp, ORIGIN, type TestContext } from './helper';

/**
 * Issue 23, point 6: the studio's language is kept with the person (migration 0039), so every browser
 * they sign in on applies it; only they read or change theirs.
 */
let t: TestContext;
let mine: string;
let theirs: string;

beforeAll(async () => {
  t = await createTestApp();
  const [me, them] = await Promise.all([createPerson(t.db, { name: '나' }), createPerson(t.db, { name: '다른 사람' })]);
  mine = await t.cookieFor(me.userId);
  theirs = await t.cookieFor(them.userId);
});

afterAll(async () => {
  await t.close();
});

describe('the language kept per person', () => {
  it('is null until chosen, then kept and answered to every session of that person alone; a repeat answers the same', async () => {
    expect((await call(t.app, 'GET', '/api/me/language', mine)).json()).toEqual({ language: null });
    for (let repeat = 0; repeat < 2; repeat += 1) {
      const saved = await call(t.app, 'PUT', '/api/me/language', mine, { language: 'en' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ language: 'en' });
    }
    // Another browser of the same person (a session of its own) reads it.
    const elsewhere = await t.cookieFor((await t.db.selectFrom('users').select('id').where('name', '=', '나').executeTakeFirstOrThrow()).id);
    expect((await call(t.app, 'GET', '/api/me/language', elsewhere)).json()).toEqual({ language: 'en' });
    // Another person's is their own.
    expect((await call(t.app, 'GET', '/api/me/language', theirs)).json()).toEqual({ language: null });
    expect((await call(t.app, 'PUT', '/api/me/language', mine, { language: 'ko' })).json()).toEqual({ language: 'ko' });
    expect((await call(t.app, 'GET', '/api/me/language', elsewhere)).json()).toEqual({ language: 'ko' });
  });

  it('answers 401 without a session and 400 VALIDATION_FAILED for a language it does not have or a malformed body', async () => {
    expect((await call(t.app, 'GET', '/api/me/language')).statusCode).toBe(401);
    expect((await call(t.app, 'PUT', '/api/me/language', undefined, { language: 'en' })).statusCode).toBe(401);
    for (const payload of [{ language: 'ja' }, { language: 'EN' }, { language: null }, {}, { language: 'en', extra: 1 }, { language: ['en'] }]) {
      const response = await call(t.app, 'PUT', '/api/me/language', mine, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
    const text = await t.app.inject({ method: 'PUT', url: '/api/me/language', headers: { cookie: mine, origin: ORIGIN, 'content-type': 'application/json' }, payload: '{"language":' });
    expect(text.statusCode).toBe(400);
    // Nothing of it was kept.
    expect((await call(t.app, 'GET', '/api/me/language', mine)).json()).toEqual({ language: 'ko' });
  });

  it('refuses a language outside the CHECK in the database itself', async () => {
    await expect(t.db.updateTable('users').set({ language: 'ja' as 'en' }).where('name', '=', '나').execute()).rejects.toThrow(/check/i);
  });
});
