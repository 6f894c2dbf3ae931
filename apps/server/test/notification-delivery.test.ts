import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Notification, UnreadCount } from '@studio/contract/notification';
import { buildApp } from '../src/app';
import { createDb } from '../src/db/database';
import type { Db } from '../src/db/schema';
import { NEW_NOTIFICATION_CHANNEL, landing, notify } from '../src/modules/notifications/notification-producer';
import { addMember, createChannel, createPerson, type Person } from '../src/seed/factories';
import { call, createTestApp, type TestContext } from './helper';

/**
 * Issue #10: one producer inside the change's transaction, announced through
 * PostgreSQL to every instance's Server-Sent Event streams.
 */

type Frame = { id?: string; event?: string; data?: string; comment?: string };

/** A Server-Sent Events client over a real socket, keeping every frame it read. */
async function openStream(base: string, cookie: string | undefined, lastEventId?: number) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/my/notifications/stream`, {
    headers: { ...(cookie ? { cookie } : {}), ...(lastEventId ? { 'last-event-id': String(lastEventId) } : {}) },
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  let ended = false;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of waiters) waiter();
  };
  if (response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const frame: Frame = {};
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) frame.comment = line.slice(1).trim();
              else {
                const [field, ...rest] = line.split(': ');
                if (field === 'id' || field === 'event' || field === 'data') frame[field] = rest.join(': ');
              }
            }
            frames.push(frame);
          }
          wake();
        }
      } catch {
        // aborted by the test
      }
      ended = true;
      wake();
    })();
  }
  return {
    response,
    frames,
    get ended() {
      return ended;
    },
    events: (event: string) => frames.filter((frame) => frame.event === event),
    /** Resolves once `check` holds, or fails after `ms`. */
    async until(check: () => boolean, ms = 1000): Promise<number> {
      const started = performance.now();
      while (!check()) {
        const left = ms - (performance.now() - started);
        if (left <= 0) throw new Error(`not within ${ms} ms; frames: ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.add(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return performance.now() - started;
    },
    close: () => controller.abort(),
  };
}

let t: TestContext;
/** A second server instance on the same database: its own pool and its own listening connection. */
let other: { app: FastifyInstance; db: Db };
let baseA: string;
let baseB: string;
let owner: Person;
let invitee: Person;
let channel: number;
let channelName: string;

beforeAll(async () => {
  t = await createTestApp({ env: { PORT: '8080' } });
  const db = createDb(t.url, { max: 2, connectTimeoutMs: 10_000, statementTimeoutMs: 20_000 });
  const app = await buildApp({ config: t.config, db, clock: t.clock, logger: false, backgroundJobs: false, notificationStream: { heartbeatMs: 200 } });
  other = { app, db };
  baseA = await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseB = await other.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await createPerson(t.db, { name: '소유자' });
  invitee = await createPerson(t.db, { name: '초대받은 사람' });
  channel = await createChannel(t.db, { status: 'SERVICE', profile_image_url: '/media/channel/a.jpg' });
  channelName = (await t.db.selectFrom('channels').select('name').where('id', '=', channel).executeTakeFirstOrThrow()).name;
  await addMember(t.db, channel, owner.userId, 'OWNER');
  // Both instances must be listening before anything is announced.
  for (let waited = 0; !(t.app.notificationHub.listening && other.app.notificationHub.listening); waited += 50) {
    if (waited > 10_000) throw new Error('the notification listeners did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 60_000);

afterAll(async () => {
  await other.app.close();
  await other.db.destroy();
  await t.close();
});

describe('the producer', () => {
  it('announces nothing for a change that rolled back, and exactly its rows for one that committed', async () => {
    const listener = new pg.Client({ connectionString: t.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query(`LISTEN ${NEW_NOTIFICATION_CHANNEL}`);
    try {
      const entry = { to: [invitee.userId, owner.userId], channel: { id: channel, name: channelName }, type: 'MEMBER_LEFT' as const, landingUrl: null, at: t.clock.now() };
      await expect(
        t.db.transaction().execute(async (tx) => {
          await notify(tx, entry);
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      // A bare SELECT round trip on the listening connection flushes anything already queued to it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await listener.query('SELECT 1');
      expect(heard).toEqual([]);
      const rows = await t.db.selectFrom('notifications').select('id').where('type', '=', 'MEMBER_LEFT').execute();
      expect(rows).toEqual([]);

      const ids = await t.db.transaction().execute((tx) => notify(tx, entry));
      expect(ids).toHaveLength(2);
      await expect.poll(() => heard.length, { timeout: 1000 }).toBe(2);
      expect(heard.sort()).toEqual([`${invitee.userId}:${ids[0]}`, `${owner.userId}:${ids[1]}`].sort());
    } finally {
      await listener.end();
      await t.db.deleteFrom('notifications').execute();
    }
  });
});

describe('GET /api/my/notifications/stream', () => {
  it('answers 401 without a session', async () => {
    const response = await fetch(`${baseB}/api/my/notifications/stream`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe('AUTH_UNAUTHORIZED');
  });

  it('carries a notification made through one instance to a stream on the other within a second, channel identity included', async () => {
    const inviteeCookie = await t.cookieFor(invitee.userId);
    const ownerCookie = await t.cookieFor(owner.userId);
    const stream = await openStream(baseB, inviteeCookie);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await stream.until(() => stream.events('unread').length === 1);
    const before = UnreadCount.parse(JSON.parse(stream.events('unread')[0]?.data ?? ''));

    // Through instance A (its own pool, its own process state): the owner invites.
    const created = await call(t.app, 'POST', `/api/channels/${channel}/invites`, ownerCookie, { login: invitee.login, role: 'MANAGER' });
    expect(created.statusCode).toBe(201);
    const { inviteId } = created.json<{ inviteId: number }>();
    const took = await stream.until(() => stream.events('notification').length === 1 && stream.events('unread').length === 2);
    expect(took).toBeLessThan(1000);

    const frame = stream.events('notification')[0];
    const notification = Notification.parse(JSON.parse(frame?.data ?? ''));
    expect(frame?.id).toBe(String(notification.id));
    expect(notification).toMatchObject({
      type: 'INVITE_RECEIVED',
      channelId: channel,
      channelName,
      imageUrl: '/media/channel/a.jpg',
      landingUrl: landing.invite(inviteId),
      read: false,
      params: { channelName, role: 'MANAGER' },
    });
    expect(JSON.parse(stream.events('unread')[1]?.data ?? '')).toEqual({ count: before.count + 1 });

    // Read in "another tab" (through A): the count on B's stream follows.
    const read = await call(t.app, 'POST', `/api/my/notifications/read/${notification.id}`, inviteeCookie);
    expect(read.statusCode).toBe(204);
    await stream.until(() => stream.events('unread').length === 3);
    expect(JSON.parse(stream.events('unread')[2]?.data ?? '')).toEqual({ count: before.count });
    // Reading it again changes nothing, so nothing is announced.
    await call(t.app, 'POST', `/api/my/notifications/read/${notification.id}`, inviteeCookie);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.events('unread')).toHaveLength(3);
    stream.close();
  });

  it("sends another person's notification to nobody else", async () => {
    const ownerStream = await openStream(baseA, await t.cookieFor(owner.userId));
    await ownerStream.until(() => ownerStream.events('unread').length === 1);
    await t.db.transaction().execute((tx) =>
      notify(tx, { to: invitee.userId, channel: null, type: 'OPERATOR_MESSAGE', message: '운영자 공지', landingUrl: null, at: t.clock.now() }),
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(ownerStream.events('notification')).toEqual([]);
    ownerStream.close();
  });

  it('catches a reconnecting stream up from Last-Event-ID', async () => {
    const cookie = await t.cookieFor(invitee.userId);
    const latest = await t.db.selectFrom('notifications').select('id').where('user_id', '=', invitee.userId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    // Another tab stays open: once it has both live, B has handled their announcements, and
    // what the streams below get is replay only (on a loaded machine NOTIFY can take a while).
    const watch = await openStream(baseB, cookie);
    await watch.until(() => watch.events('unread').length === 1, 5000);
    // Two notifications while "disconnected".
    const missed = await t.db.transaction().execute(async (tx) => [
      ...(await notify(tx, { to: invitee.userId, channel: null, type: 'OPERATOR_MESSAGE', message: '놓친 알림 1', landingUrl: null, at: t.clock.now() })),
      ...(await notify(tx, { to: invitee.userId, channel: null, type: 'OPERATOR_MESSAGE', message: '놓친 알림 2', landingUrl: null, at: t.clock.now() })),
    ]);
    await watch.until(() => watch.events('notification').length === 2, 5000);
    watch.close();
    const stream = await openStream(baseB, cookie, latest.id);
    await stream.until(() => stream.events('notification').length === 2);
    expect(stream.events('notification').map((frame) => frame.id)).toEqual(missed.map(String));
    expect(stream.events('notification').map((frame) => Notification.parse(JSON.parse(frame.data ?? '')).channelName)).toEqual([null, null]);
    stream.close();

    // A fresh stream (no Last-Event-ID) starts from now: nothing old is replayed.
    const fresh = await openStream(baseB, cookie);
    await fresh.until(() => fresh.events('unread').length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fresh.events('notification')).toEqual([]);
    fresh.close();
  });

  it('replays what was announced while its instance was not listening', async () => {
    const cookie = await t.cookieFor(invitee.userId);
    const stream = await openStream(baseB, cookie);
    await stream.until(() => stream.events('unread').length === 1);
    const pid = other.app.announcements.backendPid;
    expect(pid).toBeDefined();
    // Committed after B's listening connection is killed and before it can be back (it waits 100 ms first).
    const [id] = await t.db.transaction().execute(async (tx) => {
      const written = await notify(tx, { to: invitee.userId, channel: null, type: 'OPERATOR_MESSAGE', message: '끊긴 사이의 알림', landingUrl: null, at: t.clock.now() });
      await t.db.selectNoFrom((eb) => eb.fn('pg_terminate_backend', [eb.val(pid)]).as('terminated')).execute();
      return written;
    });
    await stream.until(() => stream.events('notification').some((frame) => frame.id === String(id)), 5000);
    stream.close();
  });

  it('keeps at most ten streams per person: the oldest ends', async () => {
    const cookie = await t.cookieFor(owner.userId);
    const streams: Awaited<ReturnType<typeof openStream>>[] = [];
    for (let index = 0; index < 11; index++) {
      const stream = await openStream(baseA, cookie);
      await stream.until(() => stream.events('unread').length === 1);
      streams.push(stream);
    }
    await streams[0]?.until(() => streams[0]?.ended === true);
    expect(streams.slice(1).every((stream) => !stream.ended)).toBe(true);
    for (const stream of streams) stream.close();
  });

  it('keeps an idle stream alive with heartbeats', async () => {
    const stream = await openStream(baseB, await t.cookieFor(invitee.userId));
    await stream.until(() => stream.frames.filter((frame) => frame.comment === 'heartbeat').length >= 2, 1500);
    stream.close();
  });

  it('ends the stream when its session is signed out, on whichever instance', async () => {
    const cookie = await t.cookieFor(invitee.userId);
    const stream = await openStream(baseB, cookie);
    await stream.until(() => stream.events('unread').length === 1);
    const sessionCount = await t.db.selectFrom('sessions').select('id').where('user_id', '=', invitee.userId).execute();
    // The newest session is this stream's.
    const newest = await t.db.selectFrom('sessions').select('id').where('user_id', '=', invitee.userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    expect(sessionCount.length).toBeGreaterThan(0);
    await t.db.deleteFrom('sessions').where('id', 'in', newest.map((row) => row.id)).execute();
    await stream.until(() => stream.ended, 1500);
  });
});

describe('closing an instance', () => {
  it('ends its open streams instead of waiting on them', async () => {
    const db = createDb(t.url, { max: 2, connectTimeoutMs: 10_000, statementTimeoutMs: 20_000 });
    const app = await buildApp({ config: t.config, db, clock: t.clock, logger: false, backgroundJobs: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openStream(base, await t.cookieFor(owner.userId));
    await stream.until(() => stream.events('unread').length === 1);
    expect(app.notificationHub.openStreams).toBe(1);
    const started = performance.now();
    await app.close();
    expect(performance.now() - started).toBeLessThan(2000);
    await stream.until(() => stream.ended, 1000);
    await db.destroy();
  });
});
