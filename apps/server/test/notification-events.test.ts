import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationType } from '@studio/contract/notification';
import { declineExpired } from '../src/modules/invites/expiry-sweep';
import { addMember, createChannel, createInvite, createNotification, createPerson, createTransfer, type Person } from '../src/seed/factories';
import { call, createTestApp, type TestContext } from './helper';

/** Issue #10: everything that happens notifies the people it concerns, once, only when the state changed. */

let t: TestContext;
let owner: Person;
let manager: Person;
let invitee: Person;
let cookies: Record<'owner' | 'manager' | 'invitee', string>;
let channel: number;
let channelName: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createPerson(t.db, { name: '채널 주인' });
  manager = await createPerson(t.db, { name: '기존 매니저' });
  invitee = await createPerson(t.db, { name: '새 사람' });
  cookies = { owner: await t.cookieFor(owner.userId), manager: await t.cookieFor(manager.userId), invitee: await t.cookieFor(invitee.userId) };
  channel = await createChannel(t.db, { status: 'SERVICE' });
  channelName = (await t.db.selectFrom('channels').select('name').where('id', '=', channel).executeTakeFirstOrThrow()).name;
  await addMember(t.db, channel, owner.userId, 'OWNER');
  await addMember(t.db, channel, manager.userId, 'MANAGER');
});

afterAll(async () => {
  await t.close();
});

async function received(person: Person, type: NotificationType) {
  return t.db
    .selectFrom('notifications')
    .select(['id', 'channel_id', 'params', 'landing_url'])
    .where('user_id', '=', person.userId)
    .where('type', '=', type)
    .orderBy('id')
    .execute();
}

async function inviteInvitee(): Promise<number> {
  const response = await call(t.app, 'POST', `/api/channels/${channel}/invites`, cookies.owner, { login: invitee.login, role: 'MANAGER' });
  expect(response.statusCode).toBe(201);
  return response.json<{ inviteId: number }>().inviteId;
}

describe('invites', () => {
  it('tells the owner once when the invitee declines', async () => {
    const inviteId = await inviteInvitee();
    expect(await received(invitee, 'INVITE_RECEIVED')).toHaveLength(1);
    expect((await call(t.app, 'DELETE', `/api/my/invites/${inviteId}`, cookies.invitee)).statusCode).toBe(204);
    expect((await call(t.app, 'DELETE', `/api/my/invites/${inviteId}`, cookies.invitee)).statusCode).toBe(204);
    const declined = await received(owner, 'INVITE_DECLINED');
    expect(declined).toHaveLength(1);
    expect(declined[0]).toMatchObject({ channel_id: channel, params: { channelName, actorName: '새 사람', role: 'MANAGER' }, landing_url: `/studio/channels/${channel}/settings` });
  });

  it('tells the invitee once when the owner cancels', async () => {
    const inviteId = await inviteInvitee();
    expect((await call(t.app, 'DELETE', `/api/channels/${channel}/invites/${inviteId}`, cookies.owner)).statusCode).toBe(204);
    expect((await call(t.app, 'DELETE', `/api/channels/${channel}/invites/${inviteId}`, cookies.owner)).statusCode).toBe(204);
    const cancelled = await received(invitee, 'INVITE_CANCELLED');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).toMatchObject({ channel_id: channel, params: { channelName, role: 'MANAGER' } });
  });

  it('on accept tells the inviter (accepted) and the rest of the team (member added), not the newcomer', async () => {
    const inviteId = await inviteInvitee();
    const accepted = await call(t.app, 'POST', `/api/my/invites/${inviteId}`, cookies.invitee);
    expect(accepted.statusCode).toBe(200);
    expect(await received(owner, 'INVITE_ACCEPTED')).toHaveLength(1);
    expect(await received(owner, 'MEMBER_ADDED')).toEqual([]);
    const added = await received(manager, 'MEMBER_ADDED');
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({ channel_id: channel, params: { channelName, actorName: '새 사람', role: 'MANAGER' } });
    expect(await received(invitee, 'MEMBER_ADDED')).toEqual([]);
    // Accepting again answers the same and tells nobody again.
    expect((await call(t.app, 'POST', `/api/my/invites/${inviteId}`, cookies.invitee)).statusCode).toBe(200);
    expect(await received(manager, 'MEMBER_ADDED')).toHaveLength(1);
    await t.db.deleteFrom('channel_members').where('channel_id', '=', channel).where('user_id', '=', invitee.userId).execute();
  });

  it('tells the invitee and the inviter when an owner invite expires, once however often the sweep runs', async () => {
    const ownerless = await createChannel(t.db, { status: 'SERVICE' });
    const now = t.clock.now();
    await createInvite(t.db, {
      channel_id: ownerless,
      invitee_user_id: invitee.userId,
      inviter_user_id: owner.userId,
      role: 'OWNER',
      created_at: new Date(now.getTime() - 31 * 86_400_000),
      expires_at: new Date(now.getTime() - 86_400_000),
    });
    expect(await declineExpired(t.db, now)).toMatchObject({ invites: 1 });
    expect(await declineExpired(t.db, now)).toMatchObject({ invites: 0 });
    const toInvitee = await received(invitee, 'INVITE_EXPIRED');
    const toOwner = await received(owner, 'INVITE_EXPIRED');
    expect(toInvitee).toHaveLength(1);
    expect(toOwner).toHaveLength(1);
    expect(toInvitee[0]).toMatchObject({ channel_id: ownerless, params: { role: 'OWNER' }, landing_url: null });
    expect(toOwner[0]).toMatchObject({ channel_id: ownerless, params: { role: 'OWNER', actorName: '새 사람' }, landing_url: `/studio/channels/${ownerless}/settings` });
  });
});

describe('transfers', () => {
  it('tells the owner once when the recipient declines', async () => {
    const started = await call(t.app, 'POST', `/api/channels/${channel}/transfers`, cookies.owner, { login: invitee.login });
    expect(started.statusCode).toBe(201);
    const { transferId } = started.json<{ transferId: number }>();
    const requested = await received(invitee, 'TRANSFER_REQUESTED');
    expect(requested.at(-1)).toMatchObject({ landing_url: `/studio/profile/alarm#transferObjectId=${transferId}` });
    expect((await call(t.app, 'DELETE', `/api/my/transfer/${transferId}`, cookies.invitee)).statusCode).toBe(204);
    expect((await call(t.app, 'DELETE', `/api/my/transfer/${transferId}`, cookies.invitee)).statusCode).toBe(204);
    const declined = await received(owner, 'TRANSFER_DECLINED');
    expect(declined).toHaveLength(1);
    expect(declined[0]).toMatchObject({ params: { channelName, actorName: '새 사람' } });
  });

  it('tells both sides when a transfer expires', async () => {
    const now = t.clock.now();
    await createTransfer(t.db, {
      channel_id: channel,
      from_user_id: owner.userId,
      to_user_id: manager.userId,
      created_at: new Date(now.getTime() - 8 * 86_400_000),
      expires_at: new Date(now.getTime() - 86_400_000),
    });
    expect(await declineExpired(t.db, now)).toMatchObject({ transfers: 1 });
    expect(await received(owner, 'TRANSFER_EXPIRED')).toHaveLength(1);
    expect(await received(manager, 'TRANSFER_EXPIRED')).toHaveLength(1);
  });
});

describe('the counters behind totalElements (migration 0006)', () => {
  it('stay exact through inserts, reads, a deleted channel and deleted rows', async () => {
    const person = await createPerson(t.db);
    const cookie = await t.cookieFor(person.userId);
    const doomed = await createChannel(t.db);
    for (let index = 0; index < 6; index++) {
      await createNotification(t.db, { user_id: person.userId, channel_id: index < 4 ? doomed : null, message: `n${index}`, image_url: null, landing_url: null });
    }
    const total = async (group: string): Promise<number> =>
      (await call(t.app, 'GET', `/api/my/notifications?group=${group}&size=1`, cookie)).json<{ totalElements: number }>().totalElements;
    const totals = async () => ({ ALL: await total('ALL'), ADMIN: await total('ADMIN'), CHANNEL: await total('CHANNEL') });
    expect(await totals()).toEqual({ ALL: 6, ADMIN: 2, CHANNEL: 4 });
    expect((await call(t.app, 'POST', '/api/my/notifications/read', cookie)).statusCode).toBe(204);
    expect(await totals()).toEqual({ ALL: 6, ADMIN: 2, CHANNEL: 4 });
    // A channel deleted for good leaves its notifications without a channel (ON DELETE SET NULL).
    await t.db.deleteFrom('channels').where('id', '=', doomed).execute();
    // Written by hand, read through the API: the read cache hears of the change a moment after commit.
    await t.app.readCache.settle();
    expect(await totals()).toEqual({ ALL: 6, ADMIN: 6, CHANNEL: 0 });
    await t.db.deleteFrom('notifications').where('user_id', '=', person.userId).where('message', 'in', ['n0', 'n5']).execute();
    await t.app.readCache.settle();
    expect(await totals()).toEqual({ ALL: 4, ADMIN: 4, CHANNEL: 0 });
    const counted = await t.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', person.userId)
      .executeTakeFirstOrThrow();
    expect(Number(counted.count)).toBe(4);
  });
});
