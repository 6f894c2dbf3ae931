import { isMediaKind } from '../src/media/media-store';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { migratorFor } from '../src/db/migrate';
import { createDb, type DbOptions } from '../src/db/database';
import type { Db } from '../src/db/schema';
import { fixedClock } from '../src/lib/clock';
import { sessionCookieName } from '../src/plugins/session';
import { sessionRepository } from '../src/plugins/session-repository';

export const ORIGIN = 'http://localhost:8080';

// Generous limits: five test files share two cores, and a slow test is not an outage.
const testDbOptions: DbOptions = { max: 4, connectTimeoutMs: 10_000, statementTimeoutMs: 20_000 };
// Any fixed number: the key of the lock that serialises clones across test workers.
const CLONE_LOCK = 7_300_001;

/** A fresh database cloned from the migrated template, for one test file. */
export async function createTestDatabase(): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const name = `studio_test_${template.split('_').pop()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // PostgreSQL refuses a clone while another session uses the template, and a clone is such a
  // session: test workers take turns through a lock the server holds (released with the connection).
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [CLONE_LOCK]);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.href, testDbOptions);
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

/**
 * An empty database migrated only up to `migration`, for tests of the migrations after it
 * (data written in an older shape, then the next migration). Not cloned from the template.
 */
export async function createDatabaseMigratedTo(migration: string): Promise<{ db: Db; drop: () => Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `studio_test_${inject('templateDatabase').split('_').pop()}_migration_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.href, { max: 1, statementTimeoutMs: 0 });
  const { error } = await migratorFor(db).migrateTo(migration);
  if (error) throw error instanceof Error ? error : new Error(`migrating to ${migration} failed`, { cause: error });
  return {
    db,
    drop: async () => {
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
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    now?: Date;
    /** Start job workers and timers as `npm start` does (off by default: tests drain queues themselves). */
    backgroundJobs?: boolean;
    /** Serve the app from another pool on the same database (a proxied address, other timeouts). */
    openDb?: (url: string) => Db | Promise<Db>;
    /** Capture the server's log lines (at LOG_LEVEL, default info) instead of discarding them. */
    logStream?: { write(line: string): void };
  } = {},
) {
  const database = await createTestDatabase();
  const served = await options.openDb?.(database.url);
  const clock = fixedClock(options.now ?? new Date('2026-11-22T03:00:00Z'));
  // Tests move the clock by days; the idle timeout has its own tests.
  // Uploaded and processed files of this test file only, removed at close.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-test-data-'));
  const logLevel = options.logStream ? 'info' : 'silent';
  // Metrics on a free port: several apps run at once, and none may take the default 9464.
  const config = loadConfig({ PORT: '8080', DEMO: 'false', NODE_ENV: 'test', LOG_LEVEL: logLevel, SESSION_IDLE_HOURS: '2160', DATA_DIR: dataDir, RTMP_INGEST: 'off', METRICS_PORT: '0', ...options.env });
  const app = await buildApp({
    config,
    db: served ?? database.db,
    clock,
    logger: Boolean(options.logStream),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    backgroundJobs: options.backgroundJobs ?? false,
    // Rows a test writes by hand are seen by its next request, as a moment later in production.
    readCache: { settleEachRequest: true },
  });
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
    /** The database's own address (never through a test proxy), for tools and admin steps. */
    url: database.url,
    async close() {
      await app.close();
      await served?.destroy();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Sends a request the way the studio's browser client would. */
export function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) {
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

/**
 * Whether the store still holds what a `/media/<kind>/<name>` URL names, asked of the store itself: a
 * 404 from `/media` says only that the reader may not see it (loop renditions are read through an access
 * check), not that it is gone.
 */
export async function stored(t: TestContext, url: string): Promise<boolean> {
  const [kind, name] = new URL(url, 'http://studio.test').pathname.replace(/^\/media\//, '').split('/');
  if (!kind || !name || !isMediaKind(kind)) throw new Error(`not a media URL: ${url}`);
  return (await t.app.media.objects.head(t.app.media.keyFor(kind, name))) !== null;
}
