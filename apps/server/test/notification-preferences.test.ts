import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@studio/contract/notification-preferences';
import { NEW_NOTIFICATION_CHANNEL } from '../src/modules/notifications/notification-producer';
import { addMember, createChannel, createPerson } from '../src/seed/factories';
import { call, createTestApp, type TestContext } from './helper';

/**
 * Issue 23, point 6: notification preferences by group (spec section 3: ALL, ADMIN, CHANNEL), honoured
 * by the producer. A muted group writes no row and announces nothing (no push on any stream); an
 * unmuted one writes and announces exactly once. Driven through real producers: an operator's message
 * (ADMIN, no channel) and a channel invite (CHANNEL).
 */
let t: TestContext;
let listener: pg.Client;
const heard: string[] = [];
let channel: number;
let ownerCookie: string;
let operatorCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createPerson(t.db);
  const operator = await createPerson(t.db, { isOperator: true });
  ownerCookie = await t.cookieFor(owner.userId);
  operatorCookie = await t.cookieFor(operator.userId);
  channel = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', status: 'SERVICE' });
  await addMember(t.db, channel, owner.userId, 'OWNER');
  listener = new pg.Client({ connectionString: t.url });
  await listener.connect();
  listener.on('notification', (message) => heard.push(message.payload ?? ''));
  await listener.query(`LISTEN ${NEW_NOTIFICATION_CHANNEL}`);
});

afterAll(async () => {
  await listener.end();
  await t.close();
});

const save = (cookie: string, preferences: unknown) => call(t.app, 'PUT', '/api/my/notifications/preferences', cookie, preferences);
const read = async (cookie: string) => {
  const response = await call(t.app, 'GET', '/api/my/notifications/preferences', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationPreferences>();
};

/** What one person was told: their rows, and the announcements heard for them (flushed first). */
async function toldTo(userId: number) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  await listener.query('SELECT 1');
  const rows = await t.db.selectFrom('notifications').select(['id', 'type', 'channel_id']).where('user_id', '=', userId).orderBy('id').execute();
  return { rows: rows.map((row) => row.type), announced: heard.filter((payload) => payload.startsWith(`${userId}:`)).length };
}

const operatorMessage = async (login: string) => {
  const response = await call(t.app, 'POST', '/api/operator/notifications', operatorCookie, { login, message: '운영 공지' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ notificationId: number | null }>();
};

const invite = async (login: string) => {
  const response = await call(t.app, 'POST', `/api/channels/${channel}/invites`, ownerCookie, { login, role: 'MANAGER' });
  expect(response.statusCode, response.body).toBe(201);
  // Each test invites a fresh person; cancel nothing, the person is not reused.
};

describe('GET and PUT /api/my/notifications/preferences', () => {
  it('starts with every group on, saves a choice, and answers the same for the same choice saved again', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    expect(await read(cookie)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    const choice = { ALL: true, ADMIN: false, CHANNEL: true };
    for (let i = 0; i < 2; i++) {
      const saved = await save(cookie, choice);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual(choice);
    }
    expect(await read(cookie)).toEqual(choice);
    const rows = await t.db.selectFrom('notification_mutes').select('notification_group').where('user_id', '=', person.userId).execute();
    expect(rows).toEqual([{ notification_group: 'ADMIN' }]);
    expect((await save(cookie, DEFAULT_NOTIFICATION_PREFERENCES)).json()).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(await t.db.selectFrom('notification_mutes').select('notification_group').where('user_id', '=', person.userId).execute()).toEqual([]);
  });

  it('keeps each person to their own choice', async () => {
    const one = await createPerson(t.db);
    const two = await createPerson(t.db);
    await save(await t.cookieFor(one.userId), { ALL: false, ADMIN: true, CHANNEL: true });
    expect(await read(await t.cookieFor(two.userId))).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('answers 400 with a code for a missing group, a non-boolean, an unknown group; 401 without a session', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    for (const body of [{ ALL: true, ADMIN: true }, { ALL: 'yes', ADMIN: true, CHANNEL: true }, { ALL: true, ADMIN: true, CHANNEL: true, LIVE: false }, [], null]) {
      const response = await save(cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ code: string }>().code, JSON.stringify(body)).toBe('VALIDATION_FAILED');
    }
    expect(await read(cookie)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect((await call(t.app, 'GET', '/api/my/notifications/preferences')).statusCode).toBe(401);
    expect((await call(t.app, 'PUT', '/api/my/notifications/preferences', undefined, DEFAULT_NOTIFICATION_PREFERENCES)).statusCode).toBe(401);
  });
});

describe('the producer honours them', () => {
  it('with ADMIN off: no operator message (no row, no push), and a channel notification exactly once', async () => {
    const person = await createPerson(t.db);
    await save(await t.cookieFor(person.userId), { ALL: true, ADMIN: false, CHANNEL: true });
    expect(await operatorMessage(person.login)).toEqual({ notificationId: null });
    await invite(person.login);
    expect(await toldTo(person.userId)).toEqual({ rows: ['INVITE_RECEIVED'], announced: 1 });
  });

  it('with CHANNEL off: no channel notification, and an operator message exactly once', async () => {
    const person = await createPerson(t.db);
    await save(await t.cookieFor(person.userId), { ALL: true, ADMIN: true, CHANNEL: false });
    await invite(person.login);
    const sent = await operatorMessage(person.login);
    expect(sent.notificationId).toEqual(expect.any(Number));
    expect(await toldTo(person.userId)).toEqual({ rows: ['OPERATOR_MESSAGE'], announced: 1 });
  });

  it('with ALL off: nothing of either group, whatever the groups say; switched back on, each exactly once', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    await save(cookie, { ALL: false, ADMIN: true, CHANNEL: true });
    expect(await operatorMessage(person.login)).toEqual({ notificationId: null });
    await invite(person.login);
    expect(await toldTo(person.userId)).toEqual({ rows: [], announced: 0 });
    expect((await call(t.app, 'GET', '/api/my/notifications/unread', cookie)).json()).toEqual({ count: 0 });

    await save(cookie, DEFAULT_NOTIFICATION_PREFERENCES);
    await operatorMessage(person.login);
    expect(await toldTo(person.userId)).toEqual({ rows: ['OPERATOR_MESSAGE'], announced: 1 });
    expect((await call(t.app, 'GET', '/api/my/notifications/unread', cookie)).json()).toEqual({ count: 1 });
  });

  it('mutes one recipient of a notification to many and tells the rest once each', async () => {
    const muted = await createPerson(t.db);
    const told = await createPerson(t.db);
    await save(await t.cookieFor(muted.userId), { ALL: true, ADMIN: true, CHANNEL: false });
    const team = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', status: 'SERVICE' });
    const owner = await createPerson(t.db);
    const ownerOfTeam = await t.cookieFor(owner.userId);
    await addMember(t.db, team, owner.userId, 'OWNER');
    await addMember(t.db, team, muted.userId, 'MANAGER');
    await addMember(t.db, team, told.userId, 'MANAGER');
    const joining = await createPerson(t.db);
    const invited = await call(t.app, 'POST', `/api/channels/${team}/invites`, ownerOfTeam, { login: joining.login, role: 'MANAGER' });
    expect(invited.statusCode, invited.body).toBe(201);
    const inviteId = (await t.db.selectFrom('channel_invites').select('id').where('invitee_user_id', '=', joining.userId).executeTakeFirstOrThrow()).id;
    // Accepting tells the rest of the team (MEMBER_ADDED, one notification to many) through the one producer.
    const accepted = await call(t.app, 'POST', `/api/my/invites/${inviteId}`, await t.cookieFor(joining.userId));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await toldTo(muted.userId)).toEqual({ rows: [], announced: 0 });
    expect(await toldTo(told.userId)).toEqual({ rows: ['MEMBER_ADDED'], announced: 1 });
  });
});
