import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { declineExpired } from '../src/modules/invites/expiry-sweep';
import { addMember, createChannel, createInvite, createPerson, type Person } from '../src/seed/factories';
import { ActivityPage, CreatedInvite, CreatedTransfer, MemberList } from '@studio/contract/member';
import { call, createTestApp, type TestContext } from './helper';

let t: TestContext;
let owner: Person;
let manager: Person;
let invitee: Person;
let stranger: Person;
let cookies: Record<'owner' | 'manager' | 'invitee' | 'stranger', string>;
let channel: number;

const DAY = 86_400_000;

beforeEach(async () => {
  await t?.close();
  t = await createTestApp();
  owner = await createPerson(t.db, { name: '소유자' });
  manager = await createPerson(t.db, { name: '매니저' });
  invitee = await createPerson(t.db, { login: `invitee${Date.now()}`, name: '초대받는 사람' });
  stranger = await createPerson(t.db, { name: '낯선 사람' });
  cookies = {
    owner: await t.cookieFor(owner.userId),
    manager: await t.cookieFor(manager.userId),
    invitee: await t.cookieFor(invitee.userId),
    stranger: await t.cookieFor(stranger.userId),
  };
  channel = await createChannel(t.db, { name: '멤버 채널' });
  await addMember(t.db, channel, owner.userId, 'OWNER');
  await addMember(t.db, channel, manager.userId, 'MANAGER');
});

afterAll(async () => {
  await t.close();
});

const owners = async () =>
  (await t.db.selectFrom('channel_members').select('user_id').where('channel_id', '=', channel).where('role', '=', 'OWNER').execute()).map((row) => row.user_id);

async function invite(login = invitee.login, role = 'MANAGER') {
  const response = await call(t.app, 'POST', `/api/channels/${channel}/invites`, cookies.owner, { login, role });
  return response;
}

describe('inviting', () => {
  it('creates an invite and a notification that opens the invite popup', async () => {
    const response = await invite(invitee.login, 'CREDIT_MANAGER');
    expect(response.statusCode).toBe(201);
    const { inviteId } = CreatedInvite.parse(response.json());
    const notifications = (await call(t.app, 'GET', '/api/my/notifications', cookies.invitee)).json<{ content: { message: string; landingUrl: string; channelId: number }[] }>();
    expect(notifications.content[0]).toMatchObject({
      message: '멤버 채널 채널의 수익 관리자로 초대되었습니다.',
      landingUrl: `/studio/profile/alarm#inviteObjectId=${inviteId}`,
      channelId: channel,
    });
    const pending = (await call(t.app, 'GET', `/api/channels/${channel}/invites`, cookies.owner)).json<{ login: string; role: string }[]>();
    expect(pending).toEqual([expect.objectContaining({ login: invitee.login, role: 'CREDIT_MANAGER' })]);
  });

  it('says clearly who cannot be invited', async () => {
    expect((await invite()).statusCode).toBe(201);
    const again = await invite();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_INVITED', message: '이미 초대를 보낸 계정입니다.' });
    expect((await invite(manager.login)).json()).toMatchObject({ code: 'ALREADY_MEMBER' });
    expect((await invite(owner.login)).json()).toMatchObject({ code: 'CANNOT_TARGET_SELF' });
    const unknown = await invite('nobody-here');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    expect((await invite(stranger.login, 'OWNER')).statusCode).toBe(400);
    expect((await call(t.app, 'POST', `/api/channels/${channel}/invites`, cookies.owner, { role: 'MANAGER' })).statusCode).toBe(400);
  });

  it('holds one pending invite per person under parallel requests', async () => {
    const responses = await Promise.all(Array.from({ length: 6 }, () => invite()));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((response) => response.statusCode === 409)).toHaveLength(5);
  });

  it('is for the owner only', async () => {
    const byManager = await call(t.app, 'POST', `/api/channels/${channel}/invites`, cookies.manager, { login: invitee.login, role: 'MANAGER' });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json()).toMatchObject({ code: 'CHANNEL_OWNER_ONLY' });
    expect((await call(t.app, 'POST', `/api/channels/${channel}/invites`, cookies.stranger, { login: invitee.login, role: 'MANAGER' })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/api/channels/999999/invites', cookies.owner, { login: invitee.login, role: 'MANAGER' })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/channels/${channel}/invites`, undefined, { login: invitee.login, role: 'MANAGER' })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/channels/${channel}/invites`, cookies.manager)).statusCode).toBe(403);
  });

  it('can be cancelled by the owner, and cancelling twice is harmless', async () => {
    const { inviteId } = CreatedInvite.parse((await invite()).json());
    expect((await call(t.app, 'DELETE', `/api/channels/${channel}/invites/${inviteId}`, cookies.owner)).statusCode).toBe(204);
    expect((await call(t.app, 'DELETE', `/api/channels/${channel}/invites/${inviteId}`, cookies.owner)).statusCode).toBe(204);
    expect((await call(t.app, 'GET', `/api/my/invites/${inviteId}`, cookies.invitee)).json()).toMatchObject({ code: 'INVITE_NOT_PENDING' });
    expect((await call(t.app, 'DELETE', `/api/channels/${channel}/invites/999999`, cookies.owner)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/channels/${channel}/invites/${inviteId}`, cookies.manager)).statusCode).toBe(403);
  });
});

describe('answering an invite', () => {
  it('shows the popup data, accepts once, and a second accept answers the same channel', async () => {
    const { inviteId } = CreatedInvite.parse((await invite()).json());
    const detail = await call(t.app, 'GET', `/api/my/invites/${inviteId}`, cookies.invitee);
    expect(detail.json()).toEqual({ ownerProfileImageUrl: null, ownerProfileName: '소유자', channelName: '멤버 채널', channelManagementType: 'MANAGER' });

    const accepted = await call(t.app, 'POST', `/api/my/invites/${inviteId}`, cookies.invitee);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ channelId: channel });
    expect((await call(t.app, 'POST', `/api/my/invites/${inviteId}`, cookies.invitee)).json()).toEqual({ channelId: channel });
    expect((await call(t.app, 'GET', `/api/channels/${channel}/user-profile`, cookies.invitee)).json()).toEqual({ isOwner: false, isManager: true, isCreditManager: false });
    expect((await call(t.app, 'DELETE', `/api/my/invites/${inviteId}`, cookies.invitee)).json()).toMatchObject({ code: 'INVITE_NOT_PENDING' });

    const ownerNotes = (await call(t.app, 'GET', '/api/my/notifications', cookies.owner)).json<{ content: { message: string }[] }>();
    expect(ownerNotes.content[0]?.message).toBe('초대받는 사람 님이 멤버 채널 채널 초대를 수락했습니다.');
    const log = ActivityPage.parse((await call(t.app, 'GET', `/api/channels/${channel}/activity`, cookies.owner)).json());
    expect(log.content.map((entry) => entry.action)).toEqual(['INVITE_ACCEPTED', 'INVITE_SENT']);
  });

  it('settles parallel accepts into one membership', async () => {
    const { inviteId } = CreatedInvite.parse((await invite()).json());
    const responses = await Promise.all(Array.from({ length: 5 }, () => call(t.app, 'POST', `/api/my/invites/${inviteId}`, cookies.invitee)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.db.selectFrom('channel_members').select('role').where('channel_id', '=', channel).where('user_id', '=', invitee.userId).execute();
    expect(rows).toEqual([{ role: 'MANAGER' }]);
  });

  it('is valid only for the account it was sent to', async () => {
    const { inviteId } = CreatedInvite.parse((await invite()).json());
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await call(t.app, method, `/api/my/invites/${inviteId}`, cookies.stranger);
      expect(response.statusCode, method).toBe(403);
      expect(response.json(), method).toMatchObject({ code: 'INVITE_UNAUTHORIZED' });
    }
    expect((await call(t.app, 'GET', '/api/my/invites/999999', cookies.invitee)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/my/invites/abc', cookies.invitee)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/my/invites/${inviteId}`)).statusCode).toBe(401);
  });

  it('declines (twice is the same) and the owner sees it in the log', async () => {
    const { inviteId } = CreatedInvite.parse((await invite()).json());
    expect((await call(t.app, 'DELETE', `/api/my/invites/${inviteId}`, cookies.invitee)).statusCode).toBe(204);
    expect((await call(t.app, 'DELETE', `/api/my/invites/${inviteId}`, cookies.invitee)).statusCode).toBe(204);
    expect((await call(t.app, 'POST', `/api/my/invites/${inviteId}`, cookies.invitee)).json()).toMatchObject({ code: 'INVITE_NOT_PENDING' });
    const log = ActivityPage.parse((await call(t.app, 'GET', `/api/channels/${channel}/activity`, cookies.owner)).json());
    expect(log.content[0]?.action).toBe('INVITE_DECLINED');
  });

  it('answers CHANNEL_NOT_SERVICE when the channel left SERVICE, and decline then works', async () => {
    const { inviteId } = CreatedInvite.parse((await invite()).json());
    await t.db.updateTable('channels').set({ status: 'STOP' }).where('id', '=', channel).execute();
    const response = await call(t.app, 'POST', `/api/my/invites/${inviteId}`, cookies.invitee);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CHANNEL_NOT_SERVICE' });
    expect((await call(t.app, 'DELETE', `/api/my/invites/${inviteId}`, cookies.invitee)).statusCode).toBe(204);
  });

  it('makes the invitee the owner of an ownerless channel through an owner invite, and declines it after 30 days', async () => {
    const ownerless = await createChannel(t.db, { name: '주인 없는 채널' });
    const now = t.clock.now();
    const accepted = await createInvite(t.db, { channel_id: ownerless, invitee_user_id: invitee.userId, inviter_user_id: null, role: 'OWNER', expires_at: new Date(now.getTime() + 30 * DAY) });
    expect((await call(t.app, 'GET', `/api/my/invites/${accepted}`, cookies.invitee)).json()).toEqual({
      ownerProfileImageUrl: null,
      ownerProfileName: null,
      channelName: '주인 없는 채널',
      channelManagementType: 'OWNER',
    });
    expect((await call(t.app, 'POST', `/api/my/invites/${accepted}`, cookies.invitee)).json()).toEqual({ channelId: ownerless });
    expect((await call(t.app, 'GET', `/api/channels/${ownerless}/user-profile`, cookies.invitee)).json()).toMatchObject({ isOwner: true });

    const another = await createChannel(t.db, { name: '또 다른 채널' });
    const late = await createInvite(t.db, { channel_id: another, invitee_user_id: invitee.userId, inviter_user_id: null, role: 'OWNER', expires_at: new Date(now.getTime() + 30 * DAY) });
    expect(await declineExpired(t.db, new Date(now.getTime() + 29 * DAY))).toEqual({ invites: 0, transfers: 0 });
    expect(await declineExpired(t.db, new Date(now.getTime() + 30 * DAY))).toEqual({ invites: 1, transfers: 0 });
    const row = await t.db.selectFrom('channel_invites').select(['status', 'declined_automatically']).where('id', '=', late).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'DECLINED', declined_automatically: true });
  });
});

describe('members', () => {
  it('lists members, owner first, for any member; not for strangers', async () => {
    const members = MemberList.parse((await call(t.app, 'GET', `/api/channels/${channel}/members`, cookies.manager)).json());
    expect(members.map((member) => [member.name, member.role])).toEqual([
      ['소유자', 'OWNER'],
      ['매니저', 'MANAGER'],
    ]);
    expect((await call(t.app, 'GET', `/api/channels/${channel}/members`, cookies.stranger)).statusCode).toBe(403);
  });

  it('lets the owner remove a manager but never the owner; removing twice is 404', async () => {
    expect((await call(t.app, 'DELETE', `/api/channels/${channel}/members/${owner.userId}`, cookies.owner)).json()).toMatchObject({ code: 'CANNOT_REMOVE_OWNER' });
    expect((await call(t.app, 'DELETE', `/api/channels/${channel}/members/${manager.userId}`, cookies.manager)).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/channels/${channel}/members/${manager.userId}`, cookies.owner)).statusCode).toBe(204);
    expect((await call(t.app, 'DELETE', `/api/channels/${channel}/members/${manager.userId}`, cookies.owner)).json()).toMatchObject({ code: 'MEMBER_NOT_FOUND' });
    expect((await call(t.app, 'GET', `/api/channels/${channel}`, cookies.manager)).statusCode).toBe(403);
    const log = (await call(t.app, 'GET', `/api/channels/${channel}/activity`, cookies.owner)).json<{ content: { action: string; targetName: string }[] }>();
    expect(log.content[0]).toMatchObject({ action: 'MEMBER_REMOVED', targetName: '매니저', actorName: '소유자' });
  });

  it('lets a manager leave, but not the owner', async () => {
    expect((await call(t.app, 'POST', `/api/channels/${channel}/leave`, cookies.owner)).json()).toMatchObject({ code: 'OWNER_CANNOT_LEAVE' });
    expect((await call(t.app, 'POST', `/api/channels/${channel}/leave`, cookies.manager)).statusCode).toBe(204);
    expect((await call(t.app, 'POST', `/api/channels/${channel}/leave`, cookies.manager)).statusCode).toBe(403);
    const notes = (await call(t.app, 'GET', '/api/my/notifications', cookies.owner)).json<{ content: { message: string }[] }>();
    expect(notes.content[0]?.message).toBe('매니저 님이 멤버 채널 채널을 떠났습니다.');
  });

  it('shows the activity log to the owner only', async () => {
    expect((await call(t.app, 'GET', `/api/channels/${channel}/activity`, cookies.manager)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/channels/${channel}/activity?size=0`, cookies.owner)).statusCode).toBe(400);
  });
});

describe('an answered invitation has nothing left to act on', () => {
  // The count is served from memory and follows the database through LISTEN/NOTIFY: poll it.
  const unread = async (cookie: string) => (await call(t.app, 'GET', '/api/my/notifications/unread', cookie)).json<{ count: number }>().count;
  const readState = async (cookie: string) =>
    (await call(t.app, 'GET', '/api/my/notifications', cookie)).json<{ content: { landingUrl: string | null; read: boolean }[] }>().content;

  it('marks the invite notification read on accept, and only that one', async () => {
    const { inviteId } = CreatedInvite.parse((await invite()).json());
    const other = await createChannel(t.db, { name: '다른 채널' });
    await addMember(t.db, other, owner.userId, 'OWNER');
    const second = CreatedInvite.parse((await call(t.app, 'POST', `/api/channels/${other}/invites`, cookies.owner, { login: invitee.login, role: 'MANAGER' })).json());
    await expect.poll(() => unread(cookies.invitee)).toBe(2);

    expect((await call(t.app, 'POST', `/api/my/invites/${inviteId}`, cookies.invitee)).statusCode).toBe(200);
    await expect.poll(() => unread(cookies.invitee)).toBe(1);
    expect(await readState(cookies.invitee)).toEqual([
      expect.objectContaining({ landingUrl: `/studio/profile/alarm#inviteObjectId=${second.inviteId}`, read: false }),
      expect.objectContaining({ landingUrl: `/studio/profile/alarm#inviteObjectId=${inviteId}`, read: true }),
    ]);
  });

  it('marks it read on decline; the owner cancelling leaves it for the invitee to see', async () => {
    const { inviteId } = CreatedInvite.parse((await invite()).json());
    expect((await call(t.app, 'DELETE', `/api/my/invites/${inviteId}`, cookies.invitee)).statusCode).toBe(204);
    await expect.poll(() => unread(cookies.invitee)).toBe(0);

    const next = CreatedInvite.parse((await invite()).json());
    expect((await call(t.app, 'DELETE', `/api/channels/${channel}/invites/${next.inviteId}`, cookies.owner)).statusCode).toBe(204);
    // The invitation stays unread beside the news that it was cancelled (the invitee never answered it).
    await expect.poll(() => unread(cookies.invitee)).toBe(2);
  });

  it('marks the transfer notification read on accept and on decline', async () => {
    const first = CreatedTransfer.parse((await call(t.app, 'POST', `/api/channels/${channel}/transfers`, cookies.owner, { login: invitee.login })).json());
    await expect.poll(() => unread(cookies.invitee)).toBe(1);
    expect((await call(t.app, 'DELETE', `/api/my/transfer/${first.transferId}`, cookies.invitee)).statusCode).toBe(204);
    await expect.poll(() => unread(cookies.invitee)).toBe(0);

    const second = CreatedTransfer.parse((await call(t.app, 'POST', `/api/channels/${channel}/transfers`, cookies.owner, { login: invitee.login })).json());
    await expect.poll(() => unread(cookies.invitee)).toBe(1);
    expect((await call(t.app, 'POST', `/api/my/transfer/${second.transferId}`, cookies.invitee)).statusCode).toBe(200);
    await expect.poll(() => unread(cookies.invitee)).toBe(0);
  });
});

describe('ownership transfer', () => {
  async function transfer(login: string) {
    return call(t.app, 'POST', `/api/channels/${channel}/transfers`, cookies.owner, { login });
  }

  it('hands ownership over on accept: one owner at every moment, the old owner stays as manager', async () => {
    const response = await transfer(manager.login);
    expect(response.statusCode).toBe(201);
    const { transferId } = CreatedTransfer.parse(response.json());
    expect((await transfer(invitee.login)).json()).toMatchObject({ code: 'TRANSFER_ALREADY_PENDING' });
    expect((await call(t.app, 'GET', `/api/my/transfer/${transferId}`, cookies.manager)).json()).toEqual({
      oldOwnerProfileImageUrl: null,
      oldOwnerProfileName: '소유자',
      channelName: '멤버 채널',
    });
    const [first, second] = await Promise.all([
      call(t.app, 'POST', `/api/my/transfer/${transferId}`, cookies.manager),
      call(t.app, 'POST', `/api/my/transfer/${transferId}`, cookies.manager),
    ]);
    expect(first?.json()).toEqual({ channelId: channel });
    expect(second?.json()).toEqual({ channelId: channel });
    expect(await owners()).toEqual([manager.userId]);
    expect((await call(t.app, 'GET', `/api/channels/${channel}/user-profile`, cookies.owner)).json()).toMatchObject({ isOwner: false, isManager: true });
  });

  it('is valid only for its recipient; decline twice is the same; the owner may cancel', async () => {
    const { transferId } = CreatedTransfer.parse((await transfer(invitee.login)).json());
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await call(t.app, method, `/api/my/transfer/${transferId}`, cookies.stranger)).json()).toMatchObject({ code: 'TRANSFER_UNAUTHORIZED' });
    }
    expect((await call(t.app, 'DELETE', `/api/my/transfer/${transferId}`, cookies.invitee)).statusCode).toBe(204);
    expect((await call(t.app, 'DELETE', `/api/my/transfer/${transferId}`, cookies.invitee)).statusCode).toBe(204);
    expect((await call(t.app, 'POST', `/api/my/transfer/${transferId}`, cookies.invitee)).json()).toMatchObject({ code: 'TRANSFER_NOT_PENDING' });
    expect(await owners()).toEqual([owner.userId]);

    const next = CreatedTransfer.parse((await transfer(invitee.login)).json());
    expect((await call(t.app, 'DELETE', `/api/channels/${channel}/transfers/${next.transferId}`, cookies.owner)).statusCode).toBe(204);
    expect((await call(t.app, 'GET', `/api/my/transfer/${next.transferId}`, cookies.invitee)).json()).toMatchObject({ code: 'TRANSFER_NOT_PENDING' });
    expect((await call(t.app, 'GET', '/api/my/transfer/999999', cookies.invitee)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/channels/${channel}/transfers`, cookies.manager, { login: invitee.login })).statusCode).toBe(403);
    expect((await transfer(owner.login)).json()).toMatchObject({ code: 'CANNOT_TARGET_SELF' });
  });

  it('is declined automatically after 7 days, and the owner is told', async () => {
    const { transferId } = CreatedTransfer.parse((await transfer(invitee.login)).json());
    const now = t.clock.now().getTime();
    expect(await declineExpired(t.db, new Date(now + 7 * DAY - 1))).toEqual({ invites: 0, transfers: 0 });
    expect(await declineExpired(t.db, new Date(now + 7 * DAY))).toEqual({ invites: 0, transfers: 1 });
    expect(await declineExpired(t.db, new Date(now + 7 * DAY))).toEqual({ invites: 0, transfers: 0 });
    expect((await call(t.app, 'POST', `/api/my/transfer/${transferId}`, cookies.invitee)).json()).toMatchObject({ code: 'TRANSFER_NOT_PENDING' });
    const notes = (await call(t.app, 'GET', '/api/my/notifications', cookies.owner)).json<{ content: { message: string }[] }>();
    expect(notes.content[0]?.message).toBe('소유권 이전 요청이 7일 동안 응답이 없어 자동으로 거절되었습니다.');
  });

  it('refuses a transfer that expired even before the sweep ran', async () => {
    const { transferId } = CreatedTransfer.parse((await transfer(invitee.login)).json());
    t.clock.advance(8 * DAY);
    expect((await call(t.app, 'POST', `/api/my/transfer/${transferId}`, cookies.invitee)).json()).toMatchObject({ code: 'TRANSFER_NOT_PENDING' });
    expect(await owners()).toEqual([owner.userId]);
  });
});
