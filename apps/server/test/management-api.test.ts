import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createApplication, createChannel, createInvite, createPerson, createTransfer, type Person } from '../src/seed/factories';
import { ApplyResultPage, PendingInvitePage } from '@studio/contract/management';
import { call, createTestApp, type TestContext } from './helper';

let t: TestContext;
let me: Person;
let cookie: string;
let otherCookie: string;
const mine: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  me = await createPerson(t.db, { name: '관리자' });
  const other = await createPerson(t.db);
  otherCookie = await t.cookieFor(other.userId);
  cookie = await t.cookieFor(me.userId);
  // 12 channels: 8 media (4 owned, 4 managed), 4 contents (owned, in WAIT), plus one deleted and one of someone else.
  for (let index = 0; index < 12; index++) {
    const channel = await createChannel(t.db, {
      name: `채널 ${String(index).padStart(2, '0')}`,
      channel_type: index < 8 ? 'MEDIA_CHANNEL' : 'CONTENTS_CHANNEL',
      status: index < 8 ? 'SERVICE' : 'WAIT',
    });
    await addMember(t.db, channel, me.userId, index < 4 || index >= 8 ? 'OWNER' : 'MANAGER');
    mine.push(channel);
  }
  const deleted = await createChannel(t.db, { status: 'DELETED' });
  await addMember(t.db, deleted, me.userId, 'OWNER');
  await addMember(t.db, await createChannel(t.db), other.userId, 'OWNER');

  for (let index = 0; index < 3; index++) {
    await createApplication(t.db, {
      applicant_user_id: me.userId,
      channel_id: null,
      channel_name: `신청 ${index}`,
      channel_type: index === 2 ? 'CONTENTS_CHANNEL' : 'MEDIA_CHANNEL',
      applicant_kind: 'INDIVIDUAL',
      apply_type: 'NEW_APPLY',
      status: index === 0 ? 'REJECT' : 'WAIT',
      reject_reason: index === 0 ? '운영 계획이 부족합니다.' : null,
      reviewed_at: index === 0 ? t.clock.now() : null,
    });
  }
  const inviter = await createPerson(t.db, { name: '초대한 사람' });
  const invitingChannel = await createChannel(t.db, { name: '초대한 채널' });
  await addMember(t.db, invitingChannel, inviter.userId, 'OWNER');
  await createInvite(t.db, { channel_id: invitingChannel, invitee_user_id: me.userId, inviter_user_id: inviter.userId, role: 'CREDIT_MANAGER' });
  const transferChannel = await createChannel(t.db, { name: '이전할 채널' });
  await addMember(t.db, transferChannel, inviter.userId, 'OWNER');
  await createTransfer(t.db, {
    channel_id: transferChannel,
    from_user_id: inviter.userId,
    to_user_id: me.userId,
    expires_at: new Date(t.clock.now().getTime() + 86_400_000),
  });
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/channels/management', () => {
  it('pages 10 by default, owned first, deleted and foreign channels left out', async () => {
    const response = await call(t.app, 'GET', '/api/channels/management', cookie);
    expect(response.statusCode).toBe(200);
    const page = response.json<{ content: { id: number; role: string }[] }>();
    expect(page).toMatchObject({ totalElements: 12, number: 0, size: 10, numberOfElements: 10, last: false });
    expect(page.content.slice(0, 8).every((channel) => channel.role === 'OWNER')).toBe(true);
    const second = (await call(t.app, 'GET', '/api/channels/management?page=1', cookie)).json<{ content: { id: number }[] }>();
    expect(second).toMatchObject({ numberOfElements: 2, last: true });
    const seen = [...page.content, ...second.content].map((channel) => channel.id).sort((a, b) => a - b);
    expect(seen).toEqual([...mine].sort((a, b) => a - b));
  });

  it('filters by type, status and role; across kinds all must hold', async () => {
    const total = async (filters: string) =>
      (await call(t.app, 'GET', `/api/channels/management?filters=${filters}&size=100`, cookie)).json<{ totalElements: number }>().totalElements;
    expect(await total('CONTENTS_CHANNEL')).toBe(4);
    expect(await total('MEDIA_CHANNEL,CONTENTS_CHANNEL')).toBe(12);
    expect(await total('WAIT')).toBe(4);
    expect(await total('MANAGER')).toBe(4);
    expect(await total('MEDIA_CHANNEL,OWNER')).toBe(4);
    expect(await total('CONTENTS_CHANNEL,MANAGER')).toBe(0);
    expect(await total('SERVICE,OWNER,MANAGER')).toBe(8);
  });

  it.each(['filters=PODCAST', 'size=0', 'size=500', 'page=-2', 'page=one'])('refuses %s with 400', async (query) => {
    const response = await call(t.app, 'GET', `/api/channels/management?${query}`, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('is 401 without a session', async () => {
    expect((await call(t.app, 'GET', '/api/channels/management')).statusCode).toBe(401);
  });
});

describe('GET /api/channels/management/apply-result', () => {
  it('lists my applications newest first with status and rejection reason', async () => {
    const page = ApplyResultPage.parse((await call(t.app, 'GET', '/api/channels/management/apply-result', cookie)).json());
    expect(page).toMatchObject({ totalElements: 3 });
    expect(page.content.map((item) => item.channelName)).toEqual(['신청 2', '신청 1', '신청 0']);
    expect(page.content[2]).toMatchObject({ status: 'REJECT', rejectReason: '운영 계획이 부족합니다.', reviewedAt: t.clock.now().toISOString() });
  });

  it("carries each application's timeline, the same instants the application itself answers", async () => {
    const page = ApplyResultPage.parse((await call(t.app, 'GET', '/api/channels/management/apply-result', cookie)).json());
    for (const item of page.content) {
      const detail = (await call(t.app, 'GET', `/api/applications/${item.id}`, cookie)).json<{ timeline: unknown[] }>();
      expect(item.timeline.length).toBeGreaterThan(0);
      expect(item.timeline).toEqual(detail.timeline);
    }
  });

  it('keeps its total on a page past the end', async () => {
    expect((await call(t.app, 'GET', '/api/channels/management/apply-result?page=50', cookie)).json()).toMatchObject({ totalElements: 3, content: [], last: true });
    expect((await call(t.app, 'GET', '/api/channels/management?page=50', cookie)).json()).toMatchObject({ totalElements: 12, content: [], last: true });
  });

  it('filters by channel type and refuses an unknown one', async () => {
    const page = (await call(t.app, 'GET', '/api/channels/management/apply-result?channelType=CONTENTS_CHANNEL', cookie)).json<{ totalElements: number }>();
    expect(page.totalElements).toBe(1);
    expect((await call(t.app, 'GET', '/api/channels/management/apply-result?channelType=RADIO', cookie)).statusCode).toBe(400);
  });

  it("shows nobody else's applications", async () => {
    expect((await call(t.app, 'GET', '/api/channels/management/apply-result', otherCookie)).json()).toMatchObject({ totalElements: 0, content: [] });
  });
});

describe('GET /api/channels/management/invite and tab-count', () => {
  it('lists pending invites and transfers for me', async () => {
    const page = (await call(t.app, 'GET', '/api/channels/management/invite?page=0', cookie)).json<{ content: Record<string, unknown>[] }>();
    expect(page).toMatchObject({ totalElements: 2 });
    expect(page.content).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'INVITE', channelName: '초대한 채널', role: 'CREDIT_MANAGER', channelManagementType: 'MANAGER', fromName: '초대한 사람' }),
        expect.objectContaining({ kind: 'TRANSFER', channelName: '이전할 채널', role: 'OWNER', channelManagementType: 'OWNER' }),
      ]),
    );
    expect((await call(t.app, 'GET', '/api/channels/management/invite?page=x', cookie)).statusCode).toBe(400);
  });

  it('pages invites and transfers together, newest first, in the database', async () => {
    const someone = await createPerson(t.db);
    const cookieOf = await t.cookieFor(someone.userId);
    const owner = await createPerson(t.db, { name: '보낸 사람' });
    const base = t.clock.now().getTime();
    const expected: string[] = [];
    // Five invites and four transfers, alternating in time: newest first they interleave.
    for (let index = 0; index < 9; index++) {
      const channelId = await createChannel(t.db, { name: `섞인 ${index}` });
      await addMember(t.db, channelId, owner.userId, 'OWNER');
      const created_at = new Date(base - (index + 1) * 60_000);
      if (index % 2 === 0) {
        await createInvite(t.db, { channel_id: channelId, invitee_user_id: someone.userId, inviter_user_id: owner.userId, role: 'MANAGER', created_at });
      } else {
        await createTransfer(t.db, { channel_id: channelId, from_user_id: owner.userId, to_user_id: someone.userId, created_at, expires_at: new Date(base + 86_400_000) });
      }
      expected.push(`섞인 ${index}`);
    }
    const pages = [];
    for (let number = 0; number < 3; number++) {
      pages.push(PendingInvitePage.parse((await call(t.app, 'GET', `/api/channels/management/invite?page=${number}&size=4`, cookieOf)).json()));
    }
    expect(pages.map((page) => [page.numberOfElements, page.last])).toEqual([
      [4, false],
      [4, false],
      [1, true],
    ]);
    expect(pages.every((page) => page.totalElements === 9)).toBe(true);
    expect(pages.flatMap((page) => page.content.map((item) => item.channelName))).toEqual(expected);
    expect(pages[0]?.content.map((item) => item.kind)).toEqual(['INVITE', 'TRANSFER', 'INVITE', 'TRANSFER']);
    expect(pages[0]?.content[0]?.createdAt).toBe(new Date(base - 60_000).toISOString());
  });

  it('counts each tab', async () => {
    const response = await call(t.app, 'GET', '/api/channels/management/tab-count', cookie);
    expect(response.json()).toEqual({ channelCount: 12, applyResultCount: 3, inviteCount: 2 });
    expect((await call(t.app, 'GET', '/api/channels/management/tab-count', otherCookie)).json()).toEqual({
      channelCount: 1,
      applyResultCount: 0,
      inviteCount: 0,
    });
    expect((await call(t.app, 'GET', '/api/channels/management/tab-count')).statusCode).toBe(401);
  });
});
