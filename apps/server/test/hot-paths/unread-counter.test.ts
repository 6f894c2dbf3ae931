import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createDb } from '../../src/db/database';
import type { Db } from '../../src/db/schema';
import { createChannel, createNotification, createPerson } from '../../src/seed/factories';
import { call, createTestApp, type TestContext } from '../helper';

let t: TestContext;
let otherDb: Db;
let other: FastifyInstance;

async function until(condition: () => Promise<boolean>, withinMs: number): Promise<void> {
  const start = performance.now();
  while (performance.now() - start < withinMs) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`not within ${withinMs} ms`);
}

beforeAll(async () => {
  t = await createTestApp();
  otherDb = createDb(t.url, { max: 2, connectTimeoutMs: 10_000, statementTimeoutMs: 20_000 });
  other = await buildApp({ config: t.config, db: otherDb, clock: t.clock, logger: false, backgroundJobs: false });
  await other.ready();
  await until(() => Promise.resolve(t.app.sessions.listening && other.sessions.listening), 10_000);
});

afterAll(async () => {
  await other.close();
  await otherDb.destroy();
  await t.close();
});

/** What COUNT(*) says: the truth the counter must match. */
async function counted(userId: number) {
  const row = await sql<{ n: number }>`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId} AND read_at IS NULL`.execute(t.db);
  return row.rows[0]?.n;
}
async function counter(userId: number) {
  const row = await t.db.selectFrom('user_counters').select('unread_notifications').where('user_id', '=', userId).executeTakeFirst();
  return row?.unread_notifications ?? 0;
}
const unread = async (app: FastifyInstance, cookie: string) => (await call(app, 'GET', '/api/my/notifications/unread', cookie)).json<{ count: number }>().count;

async function personWithNotifications(n: number) {
  const person = await createPerson(t.db);
  const channelId = await createChannel(t.db);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(await createNotification(t.db, { user_id: person.userId, channel_id: i % 2 ? channelId : null, message: `n${i}`, landing_url: null }));
  }
  return { person, ids, cookie: await t.cookieFor(person.userId) };
}

describe('the unread counter', () => {
  it('stays exact under 50 parallel mark-reads, repeated and overlapping with mark-all', async () => {
    const { person, ids, cookie } = await personWithNotifications(60);
    expect(await counter(person.userId)).toBe(60);
    // 50 requests over 25 notifications, each twice, half of them through the other instance.
    const targets = Array.from({ length: 50 }, (_, i) => ids[i % 25]);
    const answers = await Promise.all(targets.map((id, i) => call(i % 2 ? other : t.app, 'POST', `/api/my/notifications/read/${id}`, cookie)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(targets.map(() => 204));
    expect(await counter(person.userId)).toBe(35);
    expect(await counted(person.userId)).toBe(35);

    await Promise.all([
      ...ids.slice(25, 50).map((id) => call(t.app, 'POST', `/api/my/notifications/read/${id}`, cookie)),
      call(other, 'POST', '/api/my/notifications/read', cookie),
    ]);
    expect(await counter(person.userId)).toBe(0);
    expect(await counted(person.userId)).toBe(0);
  });

  it('is what the API answers, on both instances, within a second of a change anywhere', async () => {
    const { person, ids, cookie } = await personWithNotifications(3);
    expect(await unread(t.app, cookie)).toBe(3);
    expect(await unread(other, cookie)).toBe(3);
    // Read on this instance: its own next answer already knows.
    await call(t.app, 'POST', `/api/my/notifications/read/${ids[0]}`, cookie);
    expect(await unread(t.app, cookie)).toBe(2);
    await until(async () => (await unread(other, cookie)) === 2, 1_000);
    // A notification written by any path (here a factory) reaches both.
    await createNotification(t.db, { user_id: person.userId, channel_id: null, message: 'new', landing_url: null });
    await until(async () => (await unread(t.app, cookie)) === 3 && (await unread(other, cookie)) === 3, 1_000);
  });

  it('is served from memory once known: no query at all', async () => {
    const { person, cookie } = await personWithNotifications(2);
    expect(await unread(other, cookie)).toBe(2);
    // The counter row changed by hand, unannounced: an answer from memory cannot see it, one from the database would.
    await t.db.updateTable('user_counters').set({ unread_notifications: 7 }).where('user_id', '=', person.userId).execute();
    expect(await unread(other, cookie)).toBe(2);
    // Any change asked for by this person on that instance (even a refused one) reads it again: their own
    // next answer never lags the announcement of their change (an answered invitation reads its notification).
    expect((await call(other, 'POST', '/api/my/notifications/read/999999999', cookie)).statusCode).toBe(404);
    expect(await unread(other, cookie)).toBe(7);
  });

  it('follows deleted notifications, and a deleted person leaves nothing behind', async () => {
    const { person, ids } = await personWithNotifications(4);
    await t.db.deleteFrom('notifications').where('id', 'in', ids.slice(0, 2)).execute();
    expect(await counter(person.userId)).toBe(2);
    await t.db.deleteFrom('users').where('id', '=', person.userId).execute();
    expect(await t.db.selectFrom('user_counters').selectAll().where('user_id', '=', person.userId).execute()).toEqual([]);
  });
});
