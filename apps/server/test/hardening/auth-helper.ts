import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { fixedClock } from '../../src/lib/clock';
import { formAction, TestBrowser } from '../browser';
import { freePort } from '../global-setup';
import { createTestDatabase } from '../helper';

/** The whole studio on a real port (the OpenID flow needs HTTP), a fresh database and a clock the test moves. */
export async function startAuthServer(options: { env?: Record<string, string>; logStream?: { write(line: string): void } } = {}) {
  const database = await createTestDatabase();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const clock = fixedClock(new Date());
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: origin,
    DEMO: 'false',
    NODE_ENV: 'test',
    LOG_LEVEL: options.logStream ? 'info' : 'silent',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    // RTMP has its own tests on free ports; the machine's 1935 may be a running studio's.
    RTMP_INGEST: 'off',
    // Metrics on a free port, never the default 9464, for the same reason.
    METRICS_PORT: '0',
    ...options.env,
  });
  const app: FastifyInstance = await buildApp({
    config,
    db: database.db,
    clock,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    backgroundJobs: false,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    db: database.db,
    clock,
    origin,
    browser: () => new TestBrowser(origin),
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** Opens the login form of a fresh sign-in and returns its action. */
export async function openLoginForm(browser: TestBrowser, continueTo?: string) {
  const start = await browser.navigate(`/auth/login${continueTo ? `?continue=${encodeURIComponent(continueTo)}` : ''}`);
  expect(start.url).toMatch(/\/accounts\/interaction\/[\w-]+$/);
  return formAction(start.html);
}

export async function signIn(browser: TestBrowser, login: string, password: string) {
  const action = await openLoginForm(browser);
  return browser.navigate(action, { method: 'POST', form: { login, password } });
}
