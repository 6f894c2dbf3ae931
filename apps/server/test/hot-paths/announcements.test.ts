import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createDb, statsOf } from '../../src/db/database';
import type { Db } from '../../src/db/schema';
import { hashToken } from '../../src/lib/session-token';
import { ANNOUNCEMENTS_APPLICATION_NAME } from '../../src/plugins/announcement-connection';
import { addMember, createChannel, createNotification, createPerson } from '../../src/seed/factories';
import { call, createTestApp, type TestContext } from '../helper';

// The announcement bus (plugins/announcements.ts): one LISTEN connection per instance, shared by the
// session cache, the read cache, the unread counts and the notification stream.
let t: TestContext;
const others: { app: FastifyInstance; db: Db }[] = [];

async function until(condition: () => boolean | Promise<boolean>, withinMs: number, what = ''): Promise<void> {
  const start = performance.now();
  while (performance.now() - start < withinMs) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${what} not within ${withinMs} ms`);
}

/** Another instance of the studio on the same database, as behind a load balancer. */
async function instance() {
  const db = createDb(t.url, { max: 2, connectTimeoutMs: 10_000, statementTimeoutMs: 20_000 });
  const app = await buildApp({ config: t.config, db, clock: t.clock, logger: false, backgroundJobs: false });
  await app.ready();
  others.push({ app, db });
  await until(() => everyConsumerListening(app), 10_000, 'listening');
  return app;
}
const everyConsumerListening = (app: FastifyInstance) =>
  app.announcements.listening && app.sessions.listening && app.readCache.enabled && app.notificationHub.listening;

/** The backends of the test database that LISTEN for an instance. */
async function listeners(): Promise<number[]> {
  const rows = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = ${ANNOUNCEMENTS_APPLICATION_NAME} ORDER BY pid
  `.execute(t.db);
  return rows.rows.map((row) => row.pid);
}

beforeAll(async () => {
  t = await createTestApp();
  await until(() => everyConsumerListening(t.app), 10_000, 'listening');
});

afterAll(async () => {
  for (const other of others) {
    await other.app.close();
    await other.db.destroy();
  }
  await t.close();
});

describe('the announcement bus', () => {
  it('is one LISTEN connection per instance, whatever hears through it', async () => {
    expect(await listeners()).toEqual([t.app.announcements.backendPid]);
    const other = await instance();
    expect(await listeners()).toEqual([t.app.announcements.backendPid, other.announcements.backendPid].sort((a, b) => (a ?? 0) - (b ?? 0)));
    // Nothing else on the database ever LISTENs.
    const elsewhere = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND application_name <> ${ANNOUNCEMENTS_APPLICATION_NAME} AND query ILIKE 'LISTEN%'
    `.execute(t.db);
    expect(elsewhere.rows[0]?.n).toBe(0);

    const third = await instance();
    const pid = third.announcements.backendPid;
    expect(await listeners()).toHaveLength(3);
    await third.close();
    expect(third.announcements.listening).toBe(false);
    await until(async () => !(await listeners()).includes(pid ?? 0), 5_000, 'the closed instance gone');
    expect(await listeners()).toHaveLength(2);
  });

  it('when its backend is killed: every consumer drops what it kept, and it listens again on a new backend', async () => {
    const other = others[0]?.app;
    if (!other) throw new Error('the first test builds the other instance');
    const person = await createPerson(t.db);
    const channel = await createChannel(t.db, { name: '처음 이름' });
    await addMember(t.db, channel, person.userId, 'OWNER');
    for (const message of ['하나', '둘']) await createNotification(t.db, { user_id: person.userId, channel_id: null, message, landing_url: null });
    const cookie = await t.cookieFor(person.userId);
    await t.app.readCache.settle();
    await other.readCache.settle();
    const me = async () => (await call(other, 'GET', '/api/me', cookie)).json<{ isOperator: boolean }>().isOperator;
    const channelName = async () => (await call(other, 'GET', `/api/channels/${channel}`, cookie)).json<{ name: string }>().name;
    const unread = async () => (await call(other, 'GET', '/api/my/notifications/unread', cookie)).json<{ count: number }>().count;

    // Kept by the other instance: asked again, each costs no round trip.
    expect([await me(), await channelName(), await unread()]).toEqual([false, '처음 이름', 2]);
    const lookups = other.sessions.lookups;
    const before = statsOf(other.db)?.queries ?? 0;
    expect([await me(), await channelName(), await unread()]).toEqual([false, '처음 이름', 2]);
    expect(other.sessions.lookups).toBe(lookups);
    expect((statsOf(other.db)?.queries ?? 0) - before).toBe(0);

    // Changed without an announcement (triggers off for this transaction): only a consumer that dropped
    // what it kept can see these, so what follows cannot pass on an announcement heard after all.
    await t.db.transaction().execute(async (tx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(tx);
      await tx.updateTable('users').set({ is_operator: true }).where('id', '=', person.userId).execute();
      await tx.updateTable('channels').set({ name: '몰래 바뀐 이름' }).where('id', '=', channel).execute();
      await tx.updateTable('user_counters').set({ unread_notifications: 7 }).where('user_id', '=', person.userId).execute();
    });
    expect([await me(), await channelName(), await unread()]).toEqual([false, '처음 이름', 2]);

    // Killed, and a change committed (and announced) while nothing of the other instance listens.
    const pid = other.announcements.backendPid;
    expect(pid).toBeTypeOf('number');
    await t.db.transaction().execute(async (tx) => {
      await tx.updateTable('channels').set({ name: '끊긴 사이의 이름' }).where('id', '=', channel).execute();
      // Waits until the backend is gone, so the commit below is announced to nobody of the other instance.
      await sql`SELECT pg_terminate_backend(${pid}::int, 5000)`.execute(tx);
    });
    await until(() => everyConsumerListening(other) && other.announcements.backendPid !== pid, 10_000, 'listening again');
    expect(await listeners()).toContain(other.announcements.backendPid);
    expect(await listeners()).not.toContain(pid);
    expect(await listeners()).toHaveLength(2);

    expect([await me(), await channelName(), await unread()]).toEqual([true, '끊긴 사이의 이름', 7]);

    // And announcements flow again, to every consumer.
    await t.db.updateTable('channels').set({ name: '다시 들린 이름' }).where('id', '=', channel).execute();
    await until(async () => (await channelName()) === '다시 들린 이름', 1_000, 'the read cache hearing');
    await createNotification(t.db, { user_id: person.userId, channel_id: null, message: '셋', landing_url: null });
    await until(async () => (await unread()) === 8, 1_000, 'the unread count hearing');
    await t.db.updateTable('users').set({ is_operator: false }).where('id', '=', person.userId).execute();
    await until(async () => !(await me()), 1_000, 'the session cache hearing');
    await t.db.deleteFrom('sessions').where('id', '=', hashToken(cookie.split('=')[1] ?? '')).execute();
    await until(async () => (await call(other, 'GET', '/api/me', cookie)).statusCode === 401, 1_000, 'the revocation');
  });

  it('LISTENs for a topic subscribed after start at once, and again after every reconnection', async () => {
    const heard: string[] = [];
    const states: string[] = [];
    t.app.announcements.subscribe({
      name: 'late subscriber',
      topics: { studio_test_late: (payload) => heard.push(payload) },
      onListening: () => states.push('listening'),
      onLost: () => states.push('lost'),
    });
    await until(() => states.length === 1, 2_000, 'the late LISTEN');
    await sql`SELECT pg_notify('studio_test_late', 'first')`.execute(t.db);
    await until(() => heard.includes('first'), 1_000, 'the first announcement');

    const pid = t.app.announcements.backendPid;
    await sql`SELECT pg_terminate_backend(${pid}::int, 5000)`.execute(t.db);
    await until(() => t.app.announcements.listening && t.app.announcements.backendPid !== pid && states.length === 3, 10_000, 'listening again');
    expect(states).toEqual(['listening', 'lost', 'listening']);
    await sql`SELECT pg_notify('studio_test_late', 'second')`.execute(t.db);
    await until(() => heard.includes('second'), 1_000, 'the announcement after the reconnection');
    expect(heard).toEqual(['first', 'second']);
  });
});
