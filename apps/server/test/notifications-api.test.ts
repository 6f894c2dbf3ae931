import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createChannel, createNotification, createPerson, type Person } from '../src/seed/factories';
import { NotificationPage } from '@studio/contract/notification';
import { call, createTestApp, type TestContext } from './helper';

let t: TestContext;
let me: Person;
let other: Person;
let cookie: string;
let channel: number;
const ids: number[] = [];
let foreignId: number;

beforeAll(async () => {
  t = await createTestApp();
  me = await createPerson(t.db);
  other = await createPerson(t.db);
  channel = await createChannel(t.db);
  cookie = await t.cookieFor(me.userId);
  const now = t.clock.now().getTime();
  // 7 notifications, oldest first: 4 about a channel, 3 from the operator; the oldest two read.
  for (let index = 0; index < 7; index++) {
    ids.push(
      await createNotification(t.db, {
        user_id: me.userId,
        channel_id: index % 2 === 0 ? channel : null,
        message: `알림 ${index}`,
        image_url: null,
        landing_url: `/studio/channels/${channel}`,
        created_at: new Date(now - (7 - index) * 3_600_000),
        read_at: index < 2 ? new Date(now) : null,
      }),
    );
  }
  foreignId = await createNotification(t.db, { user_id: other.userId, channel_id: null, message: '남의 알림', image_url: null, landing_url: null });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/my/notifications', () => {
  it('pages the newest first, with the spec fields', async () => {
    const response = await call(t.app, 'GET', '/api/my/notifications?group=ALL&page=0&size=5', cookie);
    expect(response.statusCode).toBe(200);
    const page = NotificationPage.parse(response.json());
    expect(page).toMatchObject({ totalElements: 7, last: false, number: 0, size: 5, numberOfElements: 5 });
    expect(page.content.map((item) => item.id)).toEqual([...ids].reverse().slice(0, 5));
    expect(page.content[0]).toEqual({
      id: ids[6],
      type: 'OPERATOR_MESSAGE',
      params: {},
      message: '알림 6',
      imageUrl: null,
      read: false,
      createdAt: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
      timeString: '1시간 전',
      landingUrl: `/studio/channels/${channel}`,
      channelId: channel,
      // Channel identity: the channel's current name (and image, none here) ride along.
      channelName: (await t.db.selectFrom('channels').select('name').where('id', '=', channel).executeTakeFirstOrThrow()).name,
    });
    expect(page.nextCursor).toBe(ids[2]);
    const second = (await call(t.app, 'GET', '/api/my/notifications?page=1&size=5', cookie)).json<{ content: unknown[] }>();
    expect(second).toMatchObject({ last: true, number: 1, numberOfElements: 2 });
  });

  it('filters by group: ADMIN has no channel, CHANNEL has one', async () => {
    const admin = (await call(t.app, 'GET', '/api/my/notifications?group=ADMIN', cookie)).json<{ content: { channelId: number | null }[]; totalElements: number }>();
    expect(admin.content).toHaveLength(3);
    expect(admin.totalElements).toBe(3);
    expect(admin.content.every((item) => item.channelId === null)).toBe(true);
    const channelGroup = (await call(t.app, 'GET', '/api/my/notifications?group=CHANNEL', cookie)).json<{ content: { channelId: number }[] }>();
    expect(channelGroup.content).toHaveLength(4);
    expect(channelGroup).toMatchObject({ totalElements: 4 });
    expect(channelGroup.content.every((item) => item.channelId === channel)).toBe(true);
  });

  it.each([
    ['group=EVERYTHING', 'an unknown group'],
    ['size=0', 'an empty page'],
    ['size=101', 'a page over the limit'],
    ['page=-1', 'a negative page'],
    ['page=abc', 'a page that is no number'],
  ])('refuses %s (%s) with 400 VALIDATION_FAILED', async (query) => {
    const response = await call(t.app, 'GET', `/api/my/notifications?${query}`, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', path: '/api/my/notifications' });
  });
});

describe('reading notifications', () => {
  it('counts unread, marks one read (twice is the same), then all', async () => {
    const unread = async () => (await call(t.app, 'GET', '/api/my/notifications/unread', cookie)).json<{ count: number }>().count;
    expect(await unread()).toBe(5);

    const first = await call(t.app, 'POST', `/api/my/notifications/read/${ids[6]}`, cookie);
    expect(first.statusCode).toBe(204);
    const again = await call(t.app, 'POST', `/api/my/notifications/read/${ids[6]}`, cookie);
    expect(again.statusCode).toBe(204);
    expect(await unread()).toBe(4);

    const all = await call(t.app, 'POST', '/api/my/notifications/read', cookie);
    expect(all.statusCode).toBe(204);
    expect(await unread()).toBe(0);
    const allAgain = await call(t.app, 'POST', '/api/my/notifications/read', cookie);
    expect(allAgain.statusCode).toBe(204);
    expect(await unread()).toBe(0);
  });

  it("answers 403 for someone else's notification and leaves it unread", async () => {
    const response = await call(t.app, 'POST', `/api/my/notifications/read/${foreignId}`, cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'ACCESS_DENIED' });
    const row = await t.db.selectFrom('notifications').select('read_at').where('id', '=', foreignId).executeTakeFirstOrThrow();
    expect(row.read_at).toBeNull();
  });

  it('answers 404 for a notification that does not exist', async () => {
    const response = await call(t.app, 'POST', '/api/my/notifications/read/999999', cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers 400 for an id that is no number', async () => {
    const response = await call(t.app, 'POST', '/api/my/notifications/read/abc', cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('marks read in parallel without losing a count', async () => {
    const person = await createPerson(t.db);
    const personCookie = await t.cookieFor(person.userId);
    const created = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        createNotification(t.db, { user_id: person.userId, channel_id: null, message: `병렬 ${index}`, image_url: null, landing_url: null }),
      ),
    );
    const responses = await Promise.all(created.map((id) => call(t.app, 'POST', `/api/my/notifications/read/${id}`, personCookie)));
    expect(responses.map((response) => response.statusCode)).toEqual(created.map(() => 204));
    const unread = (await call(t.app, 'GET', '/api/my/notifications/unread', personCookie)).json<{ count: number }>();
    expect(unread.count).toBe(0);
  });
});

describe('GET /api/channels/:channelId/notifications', () => {
  it("pages the person's notifications about one channel", async () => {
    await addMember(t.db, channel, me.userId, 'MANAGER');
    const response = await call(t.app, 'GET', `/api/channels/${channel}/notifications?page=0&size=3`, cookie);
    expect(response.statusCode).toBe(200);
    const page = response.json<{ content: { channelId: number }[] }>();
    expect(page).toMatchObject({ totalElements: 4, numberOfElements: 3, last: false });
    expect(page.content.every((item) => item.channelId === channel)).toBe(true);
  });

  it('answers 401, 403, 404 and 400 as every endpoint does', async () => {
    expect((await call(t.app, 'GET', `/api/channels/${channel}/notifications`)).statusCode).toBe(401);
    const otherCookie = await t.cookieFor(other.userId);
    expect((await call(t.app, 'GET', `/api/channels/${channel}/notifications`, otherCookie)).json()).toMatchObject({ code: 'CHANNEL_ACCESS_DENIED' });
    expect((await call(t.app, 'GET', '/api/channels/999999/notifications', cookie)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/channels/${channel}/notifications?size=999`, cookie)).statusCode).toBe(400);
  });
});
