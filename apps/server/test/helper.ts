import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb } from '../src/db/database';
import type { Db } from '../src/db/schema';
import { fixedClock } from '../src/lib/clock';
import { sessionCookieName } from '../src/plugins/session';
import { sessionRepository } from '../src/plugins/session-repository';

export const ORIGIN = 'http://localhost:8080';

/** A fresh database cloned from the migrated template, for one test file. */
export async function createTestDatabase(): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const name = `studio_test_${template.split('_').pop()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // Two clones of one template at the same instant can collide; try again briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.href, 4);
  return {
    db,
    url: url.href,
    async drop() {
      await db.destroy();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export type TestContext = Awaited<ReturnType<typeof createTestApp>>;

/** The whole app on a fresh database, with a clock the test moves. */
export async function createTestApp(options: { env?: Record<string, string>; now?: Date } = {}) {
  const database = await createTestDatabase();
  const clock = fixedClock(options.now ?? new Date('2026-11-22T03:00:00Z'));
  // Tests move the clock by days; the idle timeout has its own tests.
  const config = loadConfig({ PORT: '8080', DEMO: 'false', NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_IDLE_HOURS: '2160', ...options.env });
  const app = await buildApp({ config, db: database.db, clock, logger: false, backgroundJobs: false });
  await app.ready();
  return {
    app,
    db: database.db,
    clock,
    config,
    /** A session cookie for this user, as the sign-in would set it. */
    async cookieFor(userId: number): Promise<string> {
      const token = await sessionRepository(database.db).create(userId, null, new Date(clock.now().getTime() + 30 * 86_400_000), clock.now());
      return `${sessionCookieName(false)}=${token}`;
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** Sends a request the way the studio's browser client would. */
export function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(method === 'GET' ? {} : { origin: ORIGIN }),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
