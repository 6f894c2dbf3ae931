import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentDetail } from '@studio/contract/content';
import type { ContentStatus } from '@studio/contract/enums';
import { earliestReservationSlot } from '@studio/contract/reservation';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDb } from '../src/db/database';
import type { Db } from '../src/db/schema';
import { fixedClock } from '../src/lib/clock';
import { PUBLISH_QUEUE } from '../src/modules/contents/content-service';
import { addMember, createChannel, createContent, createPerson, type Person } from '../src/seed/factories';
import { sessionCookieName } from '../src/plugins/session';
import { sessionRepository } from '../src/plugins/session-repository';
import { createTestDatabase, ORIGIN } from './helper';

/**
 * Reserved publication across processes: a job queued by one server runs on
 * another started later (a restart), and with two servers working the queue
 * each reservation acts once. Real pg-boss workers on a real database.
 */

// A fixed clock days before the real one: every reservation is already due for the database.
const NOW = new Date('2026-11-22T03:00:00Z');

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let owner: Person;
let cookie: string;
let channel: number;
const dataDir = mkdtempSync(path.join(tmpdir(), 'studio-test-reservations-'));

type Instance = { app: FastifyInstance; db: Db; close(): Promise<void> };

/** One studio server process: its own pool, its own workers when `workers`. */
async function instance(workers: boolean): Promise<Instance> {
  const db = createDb(database.url, { max: 4, connectTimeoutMs: 10_000, statementTimeoutMs: 20_000 });
  const config = loadConfig({ PORT: '8080', DEMO: 'false', NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_IDLE_HOURS: '2160', DATA_DIR: dataDir, RTMP_INGEST: 'off', METRICS_PORT: '0' });
  const app = await buildApp({ config, db, clock: fixedClock(NOW), logger: false, backgroundJobs: workers });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

async function reserve(app: FastifyInstance, title: string, visibility: 'PUBLIC' | 'HIDDEN' = 'PUBLIC'): Promise<number> {
  const headers = { cookie, origin: ORIGIN };
  const created = await app.inject({ method: 'POST', url: `/api/channels/${channel}/contents`, headers, payload: { kind: 'CONTENT_VIEW', title, body: '<p>본문</p>' } });
  expect(created.statusCode, created.body).toBe(201);
  const draft = created.json<ContentDetail>();
  const at = earliestReservationSlot(NOW).toISOString();
  const reserved = await app.inject({ method: 'POST', url: `/api/channels/${channel}/contents/${draft.id}/reserve`, headers, payload: { version: draft.version, at, visibility } });
  expect(reserved.statusCode, reserved.body).toBe(200);
  return draft.id;
}

async function statuses(ids: number[]): Promise<ContentStatus[]> {
  const rows = await database.db.selectFrom('contents').select(['id', 'status']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row.status]));
  return ids.map((id) => byId.get(id) ?? 'DELETE');
}

async function jobStates(contentId: number): Promise<string[]> {
  const jobs = await sql<{ state: string }>`
    SELECT state FROM pgboss.job WHERE name = ${PUBLISH_QUEUE} AND (data->>'contentId')::bigint = ${contentId} ORDER BY created_on`.execute(database.db);
  return jobs.rows.map((job) => job.state);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting for the reservation jobs');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  owner = await createPerson(database.db, { name: '작성자' });
  channel = await createChannel(database.db, { name: '예약 채널', channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
  await addMember(database.db, channel, owner.userId, 'OWNER');
  const token = await sessionRepository(database.db).create(owner.userId, null, new Date(NOW.getTime() + 30 * 86_400_000), NOW);
  cookie = `${sessionCookieName(false)}=${token}`;
});

afterAll(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('reserved publication across processes', () => {
  it('survives a restart: reserved on a server that stops, published by the next one', async () => {
    const first = await instance(false);
    const id = await reserve(first.app, '재시작 전에 예약');
    await first.close();
    expect(await statuses([id])).toEqual(['PUBLIC_RESERVATION']);
    expect(await jobStates(id)).toEqual(['created']);

    const next = await instance(true);
    try {
      await waitFor(async () => (await statuses([id]))[0] === 'PUBLIC');
    } finally {
      await next.close();
    }
    // The job queued by the first server did it, once (a start-up sweep racing it could only add a no-op twin).
    expect((await jobStates(id))[0]).toBe('completed');
    expect((await database.db.selectFrom('contents').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version).toBe(3);
  });

  it('gives a reservation written without a job (a seed, a restored backup) one at start-up, once', async () => {
    const id = await createContent(database.db, {
      channel_id: channel,
      author_user_id: owner.userId,
      kind: 'CONTENT_VIEW',
      status: 'PUBLIC_RESERVATION',
      title: '시드로 만든 예약',
      body: '<p>본문</p>',
      thumbnail_url: null,
      reserved_at: earliestReservationSlot(NOW),
      reservation_visibility: 'PUBLIC',
    });
    const [a, b] = await Promise.all([instance(true), instance(true)]);
    try {
      await waitFor(async () => (await statuses([id]))[0] === 'PUBLIC');
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    const jobs = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${PUBLISH_QUEUE} AND (data->>'contentId')::bigint = ${id}`.execute(database.db);
    expect(jobs.rows[0]?.n).toBeGreaterThanOrEqual(1);
    expect((await database.db.selectFrom('contents').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version).toBe(2);
  });

  it('runs each reservation once with two servers working the queue', async () => {
    const sender = await instance(false);
    const due = [] as number[];
    for (let i = 0; i < 8; i++) due.push(await reserve(sender.app, `예약 ${i}`, i % 2 ? 'HIDDEN' : 'PUBLIC'));
    const failing = [] as number[];
    for (let i = 0; i < 4; i++) failing.push(await reserve(sender.app, `실패할 예약 ${i}`));
    // These fail at their time: their article body is emptied behind the API's back.
    await database.db.updateTable('contents').set({ body: '' }).where('id', 'in', failing).execute();
    await sender.close();

    const [a, b] = await Promise.all([instance(true), instance(true)]);
    try {
      await waitFor(async () => (await statuses([...due, ...failing])).every((status) => !status.endsWith('_RESERVATION')));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    expect(await statuses(due)).toEqual(due.map((_, i) => (i % 2 ? 'HIDDEN' : 'PUBLIC')));
    expect(await statuses(failing)).toEqual(failing.map(() => 'PUBLIC_RESERVATION_ERROR'));

    // Once: one version step per content (reserve, then the job), one notification per failure.
    const versions = await database.db.selectFrom('contents').select('version').where('id', 'in', [...due, ...failing]).execute();
    expect(versions.map((row) => row.version)).toEqual(versions.map(() => 3));
    const notifications = await database.db.selectFrom('notifications').select('params').where('user_id', '=', owner.userId).where('type', '=', 'RESERVATION_FAILED').execute();
    expect(notifications).toHaveLength(4);
    const jobs = await sql<{ state: string; retry_count: number }>`
      SELECT state, retry_count FROM pgboss.job WHERE name = ${PUBLISH_QUEUE}`.execute(database.db);
    expect(jobs.rows.length).toBeGreaterThanOrEqual(12);
    // Start-up sweeps may queue a harmless twin while the first job is running (it finds nothing to do);
    // no job failed or needed a retry.
    expect(jobs.rows.filter((job) => job.state === 'completed').length).toBeGreaterThanOrEqual(12);
    expect(jobs.rows.every((job) => (job.state === 'completed' || job.state === 'created') && job.retry_count === 0)).toBe(true);
  });
});
