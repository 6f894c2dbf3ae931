import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createDb, statsOf } from '../../src/db/database';
import type { Db } from '../../src/db/schema';
import { notificationRepository } from '../../src/modules/notifications/notification-repository';
import { addMember, createChannel, createLive, createNotification, createPerson, createStreamKey } from '../../src/seed/factories';
import { ORIGIN, createTestApp, type TestContext } from '../helper';

// Two instances of the studio on one database, as behind a load balancer; rows are also written by
// hand, as the operator, a job or psql would, and both instances must see them within a second.
let t: TestContext;
let otherDb: Db;
let other: FastifyInstance;

async function until(condition: () => boolean | Promise<boolean>, withinMs: number, what = ''): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < withinMs) {
    if (await condition()) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${what} not within ${withinMs} ms`);
}

beforeAll(async () => {
  t = await createTestApp();
  otherDb = createDb(t.url, { max: 2, connectTimeoutMs: 10_000, statementTimeoutMs: 20_000 });
  other = await buildApp({ config: t.config, db: otherDb, clock: t.clock, logger: false, backgroundJobs: false });
  await other.ready();
  await until(() => t.app.readCache.enabled && other.readCache.enabled && t.app.sessions.listening && other.sessions.listening, 10_000);
});

afterAll(async () => {
  await other.close();
  await otherDb.destroy();
  await t.close();
});

const get = (app: FastifyInstance, url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const instances = () => [t.app, other] as const;
/** Round trips an instance's pool made while `run` ran. */
async function roundTrips(app: FastifyInstance, run: () => Promise<unknown>): Promise<number> {
  const before = statsOf(app.db)?.queries ?? 0;
  await run();
  return (statsOf(app.db)?.queries ?? 0) - before;
}

async function crew() {
  const owner = await createPerson(t.db);
  const channel = await createChannel(t.db, { name: '읽기 캐시 채널', use_post_write: true });
  await addMember(t.db, channel, owner.userId, 'OWNER');
  await createNotification(t.db, { user_id: owner.userId, channel_id: channel, message: '처음 알림', landing_url: '/studio' });
  const cookie = await t.cookieFor(owner.userId);
  // The rows above are announced as they commit; a read those announcements overlap is not kept, so
  // a test that counts round trips starts once both instances have heard them.
  await Promise.all([t.app.readCache.settle(), other.readCache.settle()]);
  return { owner, channel, cookie };
}

const HOT_READS = (channel: number) => [
  '/api/my/channels',
  '/api/my/channels/creatable',
  '/api/channels/management?page=0&size=10',
  '/api/my/notifications?group=ALL&page=0&size=5',
  `/api/channels/${channel}/notifications?page=0&size=5`,
  `/api/channels/${channel}`,
];

describe('hot reads served from memory', () => {
  it('are read from the database once per instance, then cost no round trip', async () => {
    const { channel, cookie } = await crew();
    for (const app of instances()) {
      for (const url of HOT_READS(channel)) {
        const first = await get(app, url, cookie);
        expect(first.statusCode, url).toBe(200);
        const again = await roundTrips(app, async () => {
          const response = await get(app, url, cookie);
          expect(response.statusCode, url).toBe(200);
          expect(response.body, url).toBe(first.body);
        });
        expect(again, url).toBe(0);
      }
    }
  });

  it("a channel's lives list, kept until a live or a stream key of the channel changes, by hand too", async () => {
    const { channel, cookie } = await crew();
    const url = `/api/channels/${channel}/lives?page=0&size=10`;
    for (const app of instances()) {
      expect((await get(app, url, cookie)).json<{ totalElements: number }>().totalElements).toBe(0);
      expect(await roundTrips(app, () => get(app, url, cookie))).toBe(0);
    }
    const key = (await createStreamKey(t.db, { channel_id: channel, title: '손으로 만든 키', created_at: new Date() })).id;
    await createLive(t.db, { channel_id: channel, stream_key_id: key, title: '손으로 만든 라이브', thumbnail_url: null, air_slot: null, created_at: new Date() });
    for (const app of instances()) await until(async () => (await get(app, url, cookie)).body.includes('손으로 만든 라이브'), 1_000, url);
    await t.db.updateTable('lives').set({ title: '바뀐 제목' }).where('channel_id', '=', channel).execute();
    for (const app of instances()) await until(async () => (await get(app, url, cookie)).body.includes('바뀐 제목'), 1_000, url);
  });

  it('50 parallel first reads of one list make one query', async () => {
    const { cookie } = await crew();
    await get(other, '/api/me', cookie); // the session itself is read once
    const trips = await roundTrips(other, async () => {
      const answers = await Promise.all(Array.from({ length: 50 }, () => get(other, '/api/channels/management?page=0&size=10', cookie)));
      expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    });
    expect(trips).toBe(1);
  });

  it('show a channel renamed by hand on every instance within a second', async () => {
    const { channel, cookie } = await crew();
    for (const app of instances()) for (const url of HOT_READS(channel)) await get(app, url, cookie);
    await t.db.updateTable('channels').set({ name: '손으로 바꾼 이름' }).where('id', '=', channel).execute();
    for (const app of instances()) {
      for (const url of HOT_READS(channel)) {
        await until(async () => (await get(app, url, cookie)).body.includes('손으로 바꾼 이름'), 1_000, url);
      }
    }
  });

  it('drop a membership removed by hand on every instance within a second: lists and access alike', async () => {
    const { owner, channel, cookie } = await crew();
    const manager = await createPerson(t.db);
    await addMember(t.db, channel, manager.userId, 'MANAGER');
    const managerCookie = await t.cookieFor(manager.userId);
    for (const app of instances()) {
      expect((await get(app, '/api/my/channels', managerCookie)).json()).toHaveLength(1);
      expect((await get(app, `/api/channels/${channel}`, managerCookie)).statusCode).toBe(200);
    }
    await t.db.deleteFrom('channel_members').where('channel_id', '=', channel).where('user_id', '=', manager.userId).execute();
    for (const app of instances()) {
      await until(async () => (await get(app, '/api/my/channels', managerCookie)).json<unknown[]>().length === 0, 1_000);
      await until(async () => (await get(app, `/api/channels/${channel}`, managerCookie)).statusCode === 403, 1_000);
    }
    // The owner's own view of the channel is untouched.
    expect((await get(other, `/api/channels/${channel}`, cookie)).statusCode).toBe(200);
    expect(owner.userId).toBeGreaterThan(0);
  });

  it('drop a channel deleted by hand from its members lists, and show one restored', async () => {
    const { channel, cookie } = await crew();
    const listed = async (app: FastifyInstance) => (await get(app, '/api/channels/management?page=0&size=10', cookie)).json<{ content: unknown[] }>().content.length;
    for (const app of instances()) expect(await listed(app)).toBe(1);
    await t.db.updateTable('channels').set({ status: 'DELETED' }).where('id', '=', channel).execute();
    for (const app of instances()) {
      await until(async () => (await listed(app)) === 0, 1_000);
      await until(async () => (await get(app, `/api/channels/${channel}`, cookie)).statusCode === 404, 1_000);
    }
    await t.db.updateTable('channels').set({ status: 'SERVICE' }).where('id', '=', channel).execute();
    for (const app of instances()) await until(async () => (await listed(app)) === 1, 1_000);
  });

  it('show a notification written by hand on every instance within a second', async () => {
    const { owner, cookie } = await crew();
    for (const app of instances()) await get(app, '/api/my/notifications?group=ALL&page=0&size=5', cookie);
    await createNotification(t.db, { user_id: owner.userId, channel_id: null, message: '손으로 쓴 알림', landing_url: '/studio' });
    for (const app of instances()) {
      await until(async () => (await get(app, '/api/my/notifications?group=ALL&page=0&size=5', cookie)).body.includes('손으로 쓴 알림'), 1_000);
    }
  });

  it('a kept notification page still tells the time: its time strings move with the clock, with no round trip', async () => {
    const { owner, channel, cookie } = await crew();
    const createdAt = new Date(t.clock.now().getTime() - 10_000);
    await sql`UPDATE notifications SET created_at = ${createdAt} WHERE user_id = ${owner.userId}`.execute(t.db);
    await t.app.readCache.settle();
    for (const url of ['/api/my/notifications?group=ALL&page=0&size=5', `/api/channels/${channel}/notifications?page=0&size=5`]) {
      const times = async () => (await get(t.app, url, cookie)).json<{ content: { timeString: string }[] }>().content.map((item) => item.timeString);
      expect(await times(), url).toEqual(['방금 전']);
      const kept = (await get(t.app, url, cookie)).body;
      t.clock.advance(2 * 60_000);
      // Two minutes on, the session's last use is written once (at most once a minute): that write is the session's, not the read's.
      await get(t.app, url, cookie);
      const trips = await roundTrips(t.app, async () => expect(await times(), url).toEqual(['2분 전']));
      expect(trips, url).toBe(0);
      const later = (await get(t.app, url, cookie)).body;
      expect(later, url).toBe(kept.replace('방금 전', '2분 전'));
      t.clock.advance(-2 * 60_000);
    }
  });

  it('page by number from where the page before ended, and give the same pages as OFFSET, also after a change', async () => {
    const person = await createPerson(t.db);
    for (let n = 1; n <= 12; n++) await createNotification(t.db, { user_id: person.userId, channel_id: null, message: `쪽 ${n}`, landing_url: '/studio' });
    const cookie = await t.cookieFor(person.userId);
    const repository = notificationRepository(t.db);
    type Served = { content: { id: number }[]; totalElements: number; last: boolean; number: number; nextCursor: number | null };
    const pages = async () => {
      const served: Served[] = [];
      for (let page = 0; page < 4; page++) served.push((await get(other, `/api/my/notifications?group=ALL&page=${page}&size=5`, cookie)).json<Served>());
      return served;
    };
    const expected = async () => {
      const listed = [];
      for (let page = 0; page < 4; page++) listed.push(await repository.list(person.userId, 'ALL', { page, size: 5 }));
      return listed;
    };
    const compare = (served: Served[], listed: Awaited<ReturnType<typeof expected>>) =>
      expect(served.map((page) => [page.number, page.totalElements, page.last, page.nextCursor, page.content.map((item) => item.id)])).toEqual(
        listed.map((page) => [page.number, page.totalElements, page.last, page.nextCursor, page.content.map((item) => item.id)]),
      );
    compare(await pages(), await expected());
    await createNotification(t.db, { user_id: person.userId, channel_id: null, message: '새 알림', landing_url: '/studio' });
    await other.readCache.settle();
    compare(await pages(), await expected());
  });

  it("show a person's own change on their next read, with no wait for the announcement", async () => {
    const { owner, cookie } = await crew();
    const url = '/api/my/notifications?group=ALL&page=0&size=5';
    // Several rounds: the announcement usually arrives first, and the rule is about when it does not.
    for (let round = 0; round < 8; round++) {
      if (round > 0) {
        await createNotification(t.db, { user_id: owner.userId, channel_id: null, message: `알림 ${round}`, landing_url: '/studio' });
        await until(async () => (await get(other, url, cookie)).body.includes(`알림 ${round}`), 1_000);
      }
      expect((await get(other, url, cookie)).json<{ content: { read: boolean }[] }>().content[0]?.read).toBe(false);
      const read = await other.inject({ method: 'POST', url: '/api/my/notifications/read', headers: { cookie, origin: ORIGIN } });
      expect(read.statusCode).toBe(204);
      expect((await get(other, url, cookie)).json<{ content: { read: boolean }[] }>().content[0]?.read, `round ${round}`).toBe(true);
    }
  });

  it('keep nothing while the announcements cannot be heard, and read afresh once they can again', async () => {
    const { channel, cookie } = await crew();
    const url = `/api/channels/${channel}`;
    await get(other, url, cookie);
    const pid = other.announcements.backendPid;
    expect(pid).toBeDefined();
    await sql`SELECT pg_terminate_backend(${pid})`.execute(t.db);
    await until(() => !other.readCache.enabled, 2_000);
    // Said while nobody listened: lost, so nothing read before may be served.
    await t.db.updateTable('channels').set({ name: '듣지 못한 변경' }).where('id', '=', channel).execute();
    expect((await get(other, url, cookie)).body).toContain('듣지 못한 변경');
    await until(() => other.readCache.enabled, 5_000);
    expect((await get(other, url, cookie)).body).toContain('듣지 못한 변경');
    expect(await roundTrips(other, () => get(other, url, cookie))).toBe(0);
  });

  it('can be turned off: READ_CACHE=false reads every time', async () => {
    const off = await buildApp({ config: { ...t.config, readCache: false }, db: otherDb, clock: t.clock, logger: false, backgroundJobs: false });
    await off.ready();
    try {
      const { cookie } = await crew();
      await get(off, '/api/my/channels', cookie);
      expect(off.readCache.enabled).toBe(false);
      expect(await roundTrips(off, () => get(off, '/api/my/channels', cookie))).toBe(1);
    } finally {
      await off.close();
    }
  });
});
