import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentDetail } from '@studio/contract/content';
import { earliestReservationSlot } from '@studio/contract/reservation';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDb } from '../../src/db/database';
import type { Db } from '../../src/db/schema';
import { fixedClock } from '../../src/lib/clock';
import { PUBLISH_QUEUE } from '../../src/modules/contents/content-service';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { sessionCookieName } from '../../src/plugins/session';
import { sessionRepository } from '../../src/plugins/session-repository';
import { createTestDatabase, ORIGIN } from '../helper';

/**
 * A reserved publication due while the database has a bad moment (the outside probe saw a "Query read
 * timeout" right after a restart turn into PUBLIC_RESERVATION_ERROR for good): the job meets a
 * statement timeout, is retried, and publishes. Played with a real lock on the content's row, held by
 * another connection past the job's statement timeout, then let go.
 */

// A fixed clock days before the real one: the reservation is already due for the database.
const NOW = new Date('2026-11-22T03:00:00Z');
const STATEMENT_TIMEOUT_MS = 1_000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let app: FastifyInstance;
let cookie: string;
let channel: number;
const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-test-reservation-faults-'));

beforeAll(async () => {
  database = await createTestDatabase();
  const owner = await createPerson(database.db, { name: '작성자' });
  channel = await createChannel(database.db, { name: '예약 채널', channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
  await addMember(database.db, channel, owner.userId, 'OWNER');
  const token = await sessionRepository(database.db).create(owner.userId, null, new Date(NOW.getTime() + 30 * 86_400_000), NOW);
  cookie = `${sessionCookieName(false)}=${token}`;
  // The server's own short statement timeout, as in production (DB_STATEMENT_TIMEOUT_MS).
  db = createDb(database.url, { max: 4, connectTimeoutMs: 10_000, statementTimeoutMs: STATEMENT_TIMEOUT_MS });
  const config = loadConfig({ PORT: '8080', DEMO: 'false', NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_IDLE_HOURS: '2160', DATA_DIR: dataDir, RTMP_INGEST: 'off', METRICS_PORT: '0' });
  app = await buildApp({ config, db, clock: fixedClock(NOW), logger: false, backgroundJobs: false });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.destroy();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function reserve(title: string): Promise<number> {
  const headers = { cookie, origin: ORIGIN };
  const created = await app.inject({ method: 'POST', url: `/api/channels/${channel}/contents`, headers, payload: { kind: 'CONTENT_VIEW', title, body: '<p>본문</p>' } });
  expect(created.statusCode, created.body).toBe(201);
  const draft = created.json<ContentDetail>();
  const at = earliestReservationSlot(NOW).toISOString();
  const reserved = await app.inject({ method: 'POST', url: `/api/channels/${channel}/contents/${draft.id}/reserve`, headers, payload: { version: draft.version, at, visibility: 'PUBLIC' } });
  expect(reserved.statusCode, reserved.body).toBe(200);
  return draft.id;
}

const statusOf = async (id: number) => (await database.db.selectFrom('contents').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

/**
 * When the statement now waiting for the holder's row lock began, if one is. Only waits the holder
 * causes count: a passing wait of the job queue's own (an advisory lock) taken for the job's would let
 * the holder go before the job's statement timed out (a CI run saw one run, published, no retry).
 */
async function lockWaitStartedAt(admin: pg.Client, holderPid: number): Promise<string | null> {
  const { rows } = await admin.query<{ started: string }>(
    `SELECT pid::text || '@' || query_start::text AS started FROM pg_stat_activity
      WHERE datname = $1 AND wait_event_type = 'Lock' AND $2 = ANY(pg_blocking_pids(pid)) ORDER BY query_start LIMIT 1`,
    [new URL(database.url).pathname.slice(1), holderPid],
  );
  return rows[0]?.started ?? null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a reserved publication meeting a passing database fault', () => {
  it('is retried and publishes, never failed for good by a statement timeout', async () => {
    const id = await reserve('잠깐 막힌 예약');
    const holder = new pg.Client({ connectionString: database.url });
    const admin = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await admin.connect();
    try {
      // Another transaction holds the content's row: the job's first statement waits past its timeout.
      const holderPid = (await holder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM contents WHERE id = $1 FOR UPDATE', [id]);
      let settled = false;
      const first = app.jobs.drain(PUBLISH_QUEUE, { ignoreStartAfter: true }).finally(() => (settled = true));

      let firstWait: string | null = null;
      for (const start = Date.now(); !firstWait && Date.now() - start < 10_000; await sleep(50)) firstWait = await lockWaitStartedAt(admin, holderPid);
      expect(firstWait, 'the job waits for the row').not.toBeNull();
      // The lock goes once the job has given up on that statement: either the job has ended (retried
      // later), or it has gone on to a second statement that waits for the row again (the old code,
      // writing the failure), which the release then lets through.
      for (const start = Date.now(); Date.now() - start < 10_000; await sleep(50)) {
        if (settled) break;
        const waiting = await lockWaitStartedAt(admin, holderPid);
        if (waiting && waiting !== firstWait) break;
      }
      await holder.query('COMMIT');
      let runs = await first;

      // The fault passed: the reservation's job is retried (within the same drain, which takes retries
      // at once, or the next) and publishes it.
      for (let round = 0; round < 3 && (await statusOf(id)) === 'PUBLIC_RESERVATION'; round++) runs += await app.jobs.drain(PUBLISH_QUEUE, { ignoreStartAfter: true });
      expect(await statusOf(id)).toBe('PUBLIC');
      expect(runs, 'the first run met the timeout and was retried').toBeGreaterThanOrEqual(2);
      const failures = await database.db.selectFrom('notifications').select('id').where('type', '=', 'RESERVATION_FAILED').execute();
      expect(failures).toHaveLength(0);
    } finally {
      await holder.end();
      await admin.end();
    }
  }, 60_000);
});
