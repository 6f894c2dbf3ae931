import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { ActivityAction } from '@studio/contract/member';
import type { NotificationType } from '@studio/contract/notification';
import { declineExpired } from '../../src/modules/invites/expiry-sweep';
import { addMember, createChannel, createNotification, createPerson, type Person } from '../../src/seed/factories';
import { call, createTestApp, type TestContext } from '../helper';

/**
 * Fifty identical mutations at once: the state changes once, and its side
 * effects (activity entry, notification) are written once, because they hang
 * on the row that actually changed.
 */

const PARALLEL = 50;

let t: TestContext;
let owner: Person;
let manager: Person;
let invitee: Person;
let cookies: Record<'owner' | 'manager' | 'invitee', string>;
let channel: number;

beforeEach(async () => {
  await t?.close();
  t = await createTestApp();
  owner = await createPerson(t.db, { name: '소유자' });
  manager = await createPerson(t.db, { name: '매니저' });
  invitee = await createPerson(t.db, { name: '초대받는 사람' });
  cookies = { owner: await t.cookieFor(owner.userId), manager: await t.cookieFor(manager.userId), invitee: await t.cookieFor(invitee.userId) };
  channel = await createChannel(t.db, { name: '경합 채널' });
  await addMember(t.db, channel, owner.userId, 'OWNER');
  await addMember(t.db, channel, manager.userId, 'MANAGER');
});

afterAll(async () => {
  await t.close();
});

const times = <T>(run: () => Promise<T>) => Promise.all(Array.from({ length: PARALLEL }, run));
const statuses = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const response of responses) counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1;
  return counts;
};
const codes = (responses: { statusCode: number; json(): unknown }[]) =>
  new Set(responses.filter((response) => response.statusCode >= 400).map((response) => (response.json() as { code: string }).code));

async function activityCount(action: ActivityAction) {
  const row = await t.db
    .selectFrom('channel_activity')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('channel_id', '=', channel)
    .where('action', '=', action)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function notificationCount(userId: number, type: NotificationType) {
  const row = await t.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function invite() {
  const response = await call(t.app, 'POST', `/api/channels/${channel}/invites`, cookies.owner, { login: invitee.login, role: 'MANAGER' });
  expect(response.statusCode).toBe(201);
  return response.json<{ inviteId: number }>().inviteId;
}

async function transfer() {
  const response = await call(t.app, 'POST', `/api/channels/${channel}/transfers`, cookies.owner, { login: invitee.login });
  expect(response.statusCode).toBe(201);
  return response.json<{ transferId: number }>().transferId;
}

describe('members', () => {
  it('removes a member once: one 204, one activity entry, one notification', async () => {
    const responses = await times(() => call(t.app, 'DELETE', `/api/channels/${channel}/members/${manager.userId}`, cookies.owner));
    expect(statuses(responses)).toEqual({ 204: 1, 404: PARALLEL - 1 });
    expect(codes(responses)).toEqual(new Set(['MEMBER_NOT_FOUND']));
    expect(await activityCount('MEMBER_REMOVED')).toBe(1);
    expect(await notificationCount(manager.userId, 'MEMBER_REMOVED')).toBe(1);
  });

  it('lets a manager leave once: one 204, one activity entry, one notification to the owner', async () => {
    const responses = await times(() => call(t.app, 'POST', `/api/channels/${channel}/leave`, cookies.manager));
    expect(responses.filter((response) => response.statusCode === 204)).toHaveLength(1);
    // Those that ran after the first finished no longer hold a role (403); those racing it find no row (404).
    expect(responses.every((response) => [204, 403, 404].includes(response.statusCode))).toBe(true);
    expect(await activityCount('MEMBER_LEFT')).toBe(1);
    expect(await notificationCount(owner.userId, 'MEMBER_LEFT')).toBe(1);
  });
});

describe('invites', () => {
  it('sends one invite to one person: one 201, the rest ALREADY_INVITED', async () => {
    const responses = await times(() => call(t.app, 'POST', `/api/channels/${channel}/invites`, cookies.owner, { login: invitee.login, role: 'MANAGER' }));
    expect(statuses(responses)).toEqual({ 201: 1, 409: PARALLEL - 1 });
    expect(codes(responses)).toEqual(new Set(['ALREADY_INVITED']));
    expect(await activityCount('INVITE_SENT')).toBe(1);
    expect(await notificationCount(invitee.userId, 'INVITE_RECEIVED')).toBe(1);
  });

  it('cancels once', async () => {
    const inviteId = await invite();
    const responses = await times(() => call(t.app, 'DELETE', `/api/channels/${channel}/invites/${inviteId}`, cookies.owner));
    expect(statuses(responses)).toEqual({ 204: PARALLEL });
    expect(await activityCount('INVITE_CANCELLED')).toBe(1);
  });

  it('accepts once: one membership, one activity entry, one notification to the inviter', async () => {
    const inviteId = await invite();
    const responses = await times(() => call(t.app, 'POST', `/api/my/invites/${inviteId}`, cookies.invitee));
    expect(statuses(responses)).toEqual({ 200: PARALLEL });
    expect(new Set(responses.map((response) => response.json<{ channelId: number }>().channelId))).toEqual(new Set([channel]));
    expect(await activityCount('INVITE_ACCEPTED')).toBe(1);
    expect(await notificationCount(owner.userId, 'INVITE_ACCEPTED')).toBe(1);
  });

  it('declines once', async () => {
    const inviteId = await invite();
    const responses = await times(() => call(t.app, 'DELETE', `/api/my/invites/${inviteId}`, cookies.invitee));
    expect(statuses(responses)).toEqual({ 204: PARALLEL });
    expect(await activityCount('INVITE_DECLINED')).toBe(1);
  });

  it('settles accept against decline one way only', async () => {
    const inviteId = await invite();
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) => call(t.app, index % 2 ? 'POST' : 'DELETE', `/api/my/invites/${inviteId}`, cookies.invitee)),
    );
    expect(responses.every((response) => [200, 204, 409].includes(response.statusCode))).toBe(true);
    expect((await activityCount('INVITE_ACCEPTED')) + (await activityCount('INVITE_DECLINED'))).toBe(1);
  });
});

describe('ownership transfers', () => {
  it('starts one transfer per channel: one 201, the rest TRANSFER_ALREADY_PENDING', async () => {
    const responses = await times(() => call(t.app, 'POST', `/api/channels/${channel}/transfers`, cookies.owner, { login: invitee.login }));
    expect(statuses(responses)).toEqual({ 201: 1, 409: PARALLEL - 1 });
    expect(codes(responses)).toEqual(new Set(['TRANSFER_ALREADY_PENDING']));
    expect(await activityCount('TRANSFER_STARTED')).toBe(1);
    expect(await notificationCount(invitee.userId, 'TRANSFER_REQUESTED')).toBe(1);
  });

  it('cancels once', async () => {
    const transferId = await transfer();
    const responses = await times(() => call(t.app, 'DELETE', `/api/channels/${channel}/transfers/${transferId}`, cookies.owner));
    expect(statuses(responses)).toEqual({ 204: PARALLEL });
    expect(await activityCount('TRANSFER_CANCELLED')).toBe(1);
  });

  it('accepts once: one owner, one activity entry, one notification to the old owner', async () => {
    const transferId = await transfer();
    const responses = await times(() => call(t.app, 'POST', `/api/my/transfer/${transferId}`, cookies.invitee));
    expect(statuses(responses)).toEqual({ 200: PARALLEL });
    const owners = await t.db.selectFrom('channel_members').select('user_id').where('channel_id', '=', channel).where('role', '=', 'OWNER').execute();
    expect(owners).toEqual([{ user_id: invitee.userId }]);
    expect(await activityCount('TRANSFER_ACCEPTED')).toBe(1);
    expect(await notificationCount(owner.userId, 'TRANSFER_ACCEPTED')).toBe(1);
  });

  it('declines once', async () => {
    const transferId = await transfer();
    const responses = await times(() => call(t.app, 'DELETE', `/api/my/transfer/${transferId}`, cookies.invitee));
    expect(statuses(responses)).toEqual({ 204: PARALLEL });
    expect(await activityCount('TRANSFER_DECLINED')).toBe(1);
  });

  it('declines an expired transfer once, however many sweeps and accepts race', async () => {
    const transferId = await transfer();
    t.clock.advance(8 * 86_400_000);
    const now = t.clock.now();
    const [sweeps, accepts] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, () => declineExpired(t.db, now))),
      Promise.all(Array.from({ length: 10 }, () => call(t.app, 'POST', `/api/my/transfer/${transferId}`, cookies.invitee))),
    ]);
    expect(accepts.every((response) => response.statusCode === 409)).toBe(true);
    expect(sweeps.reduce((sum, result) => sum + result.transfers, 0)).toBeLessThanOrEqual(1);
    expect(await activityCount('TRANSFER_DECLINED')).toBe(1);
    expect(await notificationCount(owner.userId, 'TRANSFER_EXPIRED')).toBe(1);
    const row = await t.db.selectFrom('channel_transfers').select(['status', 'declined_automatically']).where('id', '=', transferId).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'DECLINED', declined_automatically: true });
  });
});

describe('settings and notifications', () => {
  it('marks a notification read once and keeps the first time', async () => {
    const id = await createNotification(t.db, { user_id: invitee.userId, channel_id: null, message: '운영 알림', image_url: null, landing_url: null, created_at: t.clock.now() });
    const first = t.clock.now();
    const responses = await times(() => {
      t.clock.advance(1000);
      return call(t.app, 'POST', `/api/my/notifications/read/${id}`, cookies.invitee);
    });
    expect(statuses(responses)).toEqual({ 204: PARALLEL });
    const row = await t.db.selectFrom('notifications').select('read_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.read_at?.getTime()).toBeGreaterThan(first.getTime());
    t.clock.advance(86_400_000);
    expect((await call(t.app, 'POST', `/api/my/notifications/read/${id}`, cookies.invitee)).statusCode).toBe(204);
    const again = await t.db.selectFrom('notifications').select('read_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(again.read_at).toEqual(row.read_at);
    const all = await times(() => call(t.app, 'POST', '/api/my/notifications/read', cookies.invitee));
    expect(statuses(all)).toEqual({ 204: PARALLEL });
  });

  it('sets the subscriber-count switch to one of the values sent, and answers it', async () => {
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) =>
        call(t.app, 'PUT', `/api/channels/${channel}/settings/subscriber-count`, cookies.owner, { showSubscriberCount: index % 2 === 0 }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: PARALLEL });
    const row = await t.db.selectFrom('channels').select('show_subscriber_count').where('id', '=', channel).executeTakeFirstOrThrow();
    expect(typeof row.show_subscriber_count).toBe('boolean');
  });
});
