import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_NAME_MAX } from '@studio/contract/channel-profile';
import { AuditPage, OPERATOR_LIST_COUNT_CAP, OperatorBroadcast, OperatorChannel, OperatorChannelCreated, OperatorChannelPage, OperatorNotice } from '@studio/contract/operator';
import { recordOperatorAction } from '../src/modules/operator/audit-repository';
import { deliverBroadcast, deliverBroadcastBatch, insertBroadcast } from '../src/modules/operator/broadcast-repository';
import { addMember, createApplication, createChannel, createInvite, createPerson, type Person } from '../src/seed/factories';
import { sql } from 'kysely';
import { BROADCAST_QUEUE } from '../src/modules/operator/broadcast-job';
import { call, createTestApp, type TestContext } from './helper';

let t: TestContext;
let operator: Person;
let owner: Person;
let newcomer: Person;
let cookies: Record<'operator' | 'owner' | 'newcomer', string>;

beforeAll(async () => {
  t = await createTestApp();
  operator = await createPerson(t.db, { name: '운영자', isOperator: true });
  owner = await createPerson(t.db, { name: '소유자' });
  newcomer = await createPerson(t.db, { name: '새 소유자' });
  cookies = {
    operator: await t.cookieFor(operator.userId),
    owner: await t.cookieFor(owner.userId),
    newcomer: await t.cookieFor(newcomer.userId),
  };
});

afterAll(async () => {
  await t.close();
});

async function serviceChannel(name = `채널 ${Math.random().toString(36).slice(2, 8)}`) {
  const id = await createChannel(t.db, {
    name,
    status: 'SERVICE',
    shorts_status: 'SERVICE',
    live_status: 'SERVICE',
    use_document_write: true,
    use_post_write: true,
  });
  await addMember(t.db, id, owner.userId, 'OWNER');
  return id;
}

const auditRows = (objectType: string, objectId: number) =>
  t.db.selectFrom('operator_audit').selectAll().where('object_type', '=', objectType).where('object_id', '=', String(objectId)).orderBy('id').execute();

const creatableIds = async () =>
  (await call(t.app, 'GET', '/api/my/channels/creatable', cookies.owner)).json<{ channelId: number; options: string[] }[]>();

describe('operator access', () => {
  const endpoints: [method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
    ['GET', '/api/operator/channels'],
    ['GET', '/api/operator/channels/1'],
    ['PATCH', '/api/operator/channels/1', { status: 'STOP' }],
    ['POST', '/api/operator/channels', { name: 'x', channelType: 'MEDIA_CHANNEL' }],
    ['POST', '/api/operator/channels/1/owner-invite', { login: 'x' }],
    ['GET', '/api/operator/notices'],
    ['GET', '/api/operator/notices/1'],
    ['POST', '/api/operator/notices', { category: 'STUDIO', title: 't', body: '<p>b</p>' }],
    ['PUT', '/api/operator/notices/1', { category: 'STUDIO', title: 't', body: '<p>b</p>' }],
    ['DELETE', '/api/operator/notices/1'],
    ['POST', '/api/operator/notifications', { login: 'x', message: 'm' }],
    ['POST', '/api/operator/notifications/broadcast', { message: 'm' }],
    ['GET', '/api/operator/notifications/broadcasts'],
    ['GET', '/api/operator/notifications/broadcasts/1'],
    ['GET', '/api/operator/audit'],
  ];

  it('answers a studio user who is no operator 403 ACCESS_DENIED on every operator endpoint, and changes nothing', async () => {
    const before = await t.db.selectFrom('operator_audit').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const [method, url, body] of endpoints) {
      const response = await call(t.app, method, url, cookies.owner, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json(), `${method} ${url}`).toMatchObject({ code: 'ACCESS_DENIED' });
      const anonymous = await call(t.app, method, url, undefined, body);
      expect(anonymous.statusCode, `${method} ${url} without a session`).toBe(401);
    }
    const after = await t.db.selectFrom('operator_audit').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('channels', () => {
  it('searches by part of the name (wildcards typed are letters), by id and by status', async () => {
    const id = await serviceChannel('운영 검색 대상 100%_채널');
    await serviceChannel('운영 검색 대상 100xx채널');
    const byName = OperatorChannelPage.parse((await call(t.app, 'GET', `/api/operator/channels?q=${encodeURIComponent('100%_')}`, cookies.operator)).json());
    expect(byName.content.map((channel) => channel.id)).toEqual([id]);
    expect(byName.content[0]?.owner).toMatchObject({ userId: owner.userId, name: '소유자' });
    const byId = OperatorChannelPage.parse((await call(t.app, 'GET', `/api/operator/channels?q=${id}`, cookies.operator)).json());
    expect(byId.content.map((channel) => channel.id)).toContain(id);
    const stopped = await createChannel(t.db, { status: 'STOP' });
    const byStatus = OperatorChannelPage.parse((await call(t.app, 'GET', '/api/operator/channels?status=STOP&size=100', cookies.operator)).json());
    expect(byStatus.content.map((channel) => channel.id)).toContain(stopped);
    expect(byStatus.content.every((channel) => channel.status.code === 'STOP')).toBe(true);
    expect((await call(t.app, 'GET', '/api/operator/channels?status=NOPE', cookies.operator)).statusCode).toBe(400);
  });

  it('stops a channel: its create menu and create calls go at once, an invite to it answers CHANNEL_NOT_SERVICE; logged once with before and after', async () => {
    const channel = await serviceChannel();
    const invite = await createInvite(t.db, { channel_id: channel, invitee_user_id: newcomer.userId, inviter_user_id: owner.userId, role: 'MANAGER', created_at: t.clock.now() });
    expect((await creatableIds()).find((entry) => entry.channelId === channel)?.options).toEqual(['CONTENTS', 'LOOP_UPLOAD', 'POST', 'LIVE']);

    const response = await call(t.app, 'PATCH', `/api/operator/channels/${channel}`, cookies.operator, { status: 'STOP' });
    expect(response.statusCode).toBe(200);
    expect(OperatorChannel.parse(response.json()).status.code).toBe('STOP');

    expect((await creatableIds()).map((entry) => entry.channelId)).not.toContain(channel);
    const post = await call(t.app, 'POST', `/api/channels/${channel}/posts`, cookies.owner, { body: '안녕하세요' });
    expect(post.statusCode).toBe(403);
    expect(post.json()).toMatchObject({ code: 'CREATE_OPTION_DISABLED' });
    const draft = await call(t.app, 'POST', `/api/channels/${channel}/drafts`, cookies.owner, { title: '초안' });
    expect(draft.json()).toMatchObject({ code: 'CREATE_OPTION_DISABLED' });
    const accept = await call(t.app, 'POST', `/api/my/invites/${invite}`, cookies.newcomer);
    expect(accept.statusCode).toBe(409);
    expect(accept.json()).toMatchObject({ code: 'CHANNEL_NOT_SERVICE' });
    // The studio then declines it, as the spec says; that works on a stopped channel.
    expect((await call(t.app, 'DELETE', `/api/my/invites/${invite}`, cookies.newcomer)).statusCode).toBe(204);

    // The same status again changes nothing and logs nothing.
    expect((await call(t.app, 'PATCH', `/api/operator/channels/${channel}`, cookies.operator, { status: 'STOP' })).statusCode).toBe(200);
    const rows = await auditRows('CHANNEL', channel);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ operator_id: operator.userId, action: 'CHANNEL_STATUS_CHANGE', before: { status: 'SERVICE' }, after: { status: 'STOP' } });

    // Back in SERVICE, the menu is back.
    await call(t.app, 'PATCH', `/api/operator/channels/${channel}`, cookies.operator, { status: 'SERVICE' });
    expect((await creatableIds()).map((entry) => entry.channelId)).toContain(channel);
  });

  it('turns single create options off with service statuses and feature flags', async () => {
    const channel = await serviceChannel();
    const response = await call(t.app, 'PATCH', `/api/operator/channels/${channel}`, cookies.operator, {
      usePostWrite: false,
      liveStatus: 'PAUSE',
      useMainnews: true,
      labels: [{ code: 'NEWS', name: '뉴스' }],
    });
    expect(response.statusCode).toBe(200);
    const updated = OperatorChannel.parse(response.json());
    expect(updated.consumerInfo).toEqual({ useMainnews: true, useDocumentWrite: true, usePostWrite: false });
    expect(updated.channelLabelInfo.labels).toEqual([{ code: 'NEWS', name: '뉴스' }]);
    expect((await creatableIds()).find((entry) => entry.channelId === channel)?.options).toEqual(['CONTENTS', 'LOOP_UPLOAD']);
    expect((await call(t.app, 'POST', `/api/channels/${channel}/posts`, cookies.owner, { body: '글' })).json()).toMatchObject({ code: 'CREATE_OPTION_DISABLED' });
    const [row] = await auditRows('CHANNEL', channel);
    expect(row).toMatchObject({ action: 'CHANNEL_UPDATE', before: { usePostWrite: true, liveStatus: 'SERVICE', useMainnews: false, labels: [] } });
  });

  it('answers 404 for a channel that does not exist and 400 for an empty or unknown change', async () => {
    expect((await call(t.app, 'PATCH', '/api/operator/channels/987654321', cookies.operator, { status: 'STOP' })).json()).toMatchObject({ code: 'CHANNEL_NOT_FOUND' });
    expect((await call(t.app, 'GET', '/api/operator/channels/987654321', cookies.operator)).statusCode).toBe(404);
    const channel = await serviceChannel();
    for (const body of [{}, { status: 'PAUSED' }, { owner: 1 }, { labels: [{ code: 'a b', name: 'x' }] }]) {
      const response = await call(t.app, 'PATCH', `/api/operator/channels/${channel}`, cookies.operator, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
  });

  it('applies 50 parallel identical changes once and logs one row', async () => {
    const channel = await serviceChannel();
    const responses = await Promise.all(Array.from({ length: 50 }, () => call(t.app, 'PATCH', `/api/operator/channels/${channel}`, cookies.operator, { status: 'VIEWONLY' })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(50).fill(200));
    expect(await auditRows('CHANNEL', channel)).toHaveLength(1);
  });

  it('creates an ownerless channel, invites its owner by account, and the invitee becomes owner', async () => {
    const created = await call(t.app, 'POST', '/api/operator/channels', cookies.operator, { name: '주인 없는 채널', channelType: 'CONTENTS_CHANNEL', ownerLogin: newcomer.login });
    expect(created.statusCode).toBe(201);
    const { channelId, inviteId } = OperatorChannelCreated.parse(created.json());
    expect(inviteId).not.toBeNull();
    const listed = OperatorChannel.parse((await call(t.app, 'GET', `/api/operator/channels/${channelId}`, cookies.operator)).json());
    expect(listed).toMatchObject({ owner: null, status: { code: 'SERVICE' }, pendingOwnerInvite: { inviteId, login: newcomer.login } });

    const detail = await call(t.app, 'GET', `/api/my/invites/${inviteId}`, cookies.newcomer);
    expect(detail.json()).toMatchObject({ channelName: '주인 없는 채널', channelManagementType: 'OWNER', ownerProfileName: null });
    const notifications = (await call(t.app, 'GET', '/api/my/notifications', cookies.newcomer)).json<{ content: { landingUrl: string }[] }>();
    expect(notifications.content[0]?.landingUrl).toBe(`/studio/profile/alarm#inviteObjectId=${inviteId}`);

    expect((await call(t.app, 'POST', `/api/my/invites/${inviteId}`, cookies.newcomer)).json()).toEqual({ channelId });
    const owned = OperatorChannel.parse((await call(t.app, 'GET', `/api/operator/channels/${channelId}`, cookies.operator)).json());
    expect(owned).toMatchObject({ owner: { userId: newcomer.userId }, pendingOwnerInvite: null });
    const again = await call(t.app, 'POST', `/api/operator/channels/${channelId}/owner-invite`, cookies.operator, { login: owner.login });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CHANNEL_HAS_OWNER' });
    expect((await auditRows('CHANNEL', channelId)).map((row) => row.action)).toEqual(['CHANNEL_CREATE', 'CHANNEL_OWNER_INVITE']);
  });

  it("keeps the application form's name rule: CHANNEL_NAME_MAX characters are taken whole, one more is refused 400 and nothing is made", async () => {
    const stem = `운영 ${Math.random().toString(36).slice(2, 6)} `;
    // Counted in characters, not UTF-16 units: an emoji is one.
    const exact = stem + '😀'.repeat(CHANNEL_NAME_MAX - [...stem].length);
    const tooLong = `${exact}가`;
    expect([[...exact].length, [...tooLong].length]).toEqual([CHANNEL_NAME_MAX, CHANNEL_NAME_MAX + 1]);

    const refused = await call(t.app, 'POST', '/api/operator/channels', cookies.operator, { name: tooLong, channelType: 'MEDIA_CHANNEL' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', extra: { issues: [{ field: 'body.name' }] } });
    const madeWithStem = () => t.db.selectFrom('channels').select('name').where('name', 'like', `${stem}%`).execute();
    expect(await madeWithStem()).toEqual([]);

    const created = await call(t.app, 'POST', '/api/operator/channels', cookies.operator, { name: exact, channelType: 'MEDIA_CHANNEL' });
    expect(created.statusCode).toBe(201);
    const { channelId } = OperatorChannelCreated.parse(created.json());
    expect(OperatorChannel.parse((await call(t.app, 'GET', `/api/operator/channels/${channelId}`, cookies.operator)).json()).name).toBe(exact);
    expect(await madeWithStem()).toEqual([{ name: exact }]);
  });

  it('refuses an owner invite to an unknown account, a second pending owner invite, and the same one twice', async () => {
    const { channelId } = OperatorChannelCreated.parse((await call(t.app, 'POST', '/api/operator/channels', cookies.operator, { name: '빈 채널', channelType: 'MEDIA_CHANNEL' })).json());
    const unknown = await call(t.app, 'POST', `/api/operator/channels/${channelId}/owner-invite`, cookies.operator, { login: 'nobody-here' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    expect((await call(t.app, 'POST', `/api/operator/channels/${channelId}/owner-invite`, cookies.operator, { login: newcomer.login })).statusCode).toBe(201);
    expect((await call(t.app, 'POST', `/api/operator/channels/${channelId}/owner-invite`, cookies.operator, { login: newcomer.login })).json()).toMatchObject({ code: 'ALREADY_INVITED' });
    expect((await call(t.app, 'POST', `/api/operator/channels/${channelId}/owner-invite`, cookies.operator, { login: owner.login })).json()).toMatchObject({ code: 'OWNER_INVITE_PENDING' });
    expect((await call(t.app, 'POST', '/api/operator/channels/987654321/owner-invite', cookies.operator, { login: owner.login })).statusCode).toBe(404);
  });
});

describe('notices', () => {
  const hostile = '<p>점검 안내<img src="https://cdn.example/a.png" onerror="alert(1)"></p><script>alert(document.cookie)</script><a href="javascript:alert(1)">링크</a>';

  it('stores and serves only sanitised HTML, publicly too, and logs the change', async () => {
    const response = await call(t.app, 'POST', '/api/operator/notices', cookies.operator, { category: 'STUDIO_IMPORTANT', title: '중요 공지', body: hostile });
    expect(response.statusCode).toBe(201);
    const notice = OperatorNotice.parse(response.json());
    for (const body of [notice.body, (await call(t.app, 'GET', `/external/notices/${notice.id}`)).json<{ body: string }>().body]) {
      expect(body).not.toMatch(/script|onerror|javascript:/i);
      expect(body).toContain('<img src="https://cdn.example/a.png" />');
      expect(body).toContain('점검 안내');
    }
    const stored = await t.db.selectFrom('notices').select('body').where('id', '=', notice.id).executeTakeFirstOrThrow();
    expect(stored.body).not.toMatch(/script|onerror/i);
    const [row] = await auditRows('NOTICE', notice.id);
    expect(row).toMatchObject({ action: 'NOTICE_CREATE', before: null, after: { title: '중요 공지', category: 'STUDIO_IMPORTANT' } });
  });

  it('serves a row written unsafely by another path sanitised', async () => {
    const row = await t.db
      .insertInto('notices')
      .values({ category: 'STUDIO', title: '직접 넣은 공지', body: '<p onclick="x()">본문</p><script>1</script>', published_at: t.clock.now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call(t.app, 'GET', `/external/notices/${row.id}`)).json()).toMatchObject({ body: '<p>본문</p>' });
  });

  it('refuses a body with nothing left, edits, keeps the time, deletes once', async () => {
    const empty = await call(t.app, 'POST', '/api/operator/notices', cookies.operator, { category: 'STUDIO', title: '빈 공지', body: '<script>alert(1)</script>' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const created = OperatorNotice.parse((await call(t.app, 'POST', '/api/operator/notices', cookies.operator, { category: 'STUDIO', title: '일반 공지', body: '<p>처음</p>' })).json());
    const edited = await call(t.app, 'PUT', `/api/operator/notices/${created.id}`, cookies.operator, { category: 'STUDIO_IMPORTANT', title: '고친 공지', body: '<p>고침</p>' });
    expect(edited.statusCode).toBe(200);
    expect(OperatorNotice.parse(edited.json())).toMatchObject({ title: '고친 공지', category: 'STUDIO_IMPORTANT', body: '<p>고침</p>', publishedAt: created.publishedAt });
    // Saving the same again logs nothing.
    await call(t.app, 'PUT', `/api/operator/notices/${created.id}`, cookies.operator, { category: 'STUDIO_IMPORTANT', title: '고친 공지', body: '<p>고침</p>' });
    expect((await call(t.app, 'DELETE', `/api/operator/notices/${created.id}`, cookies.operator)).statusCode).toBe(204);
    expect((await call(t.app, 'DELETE', `/api/operator/notices/${created.id}`, cookies.operator)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/external/notices/${created.id}`)).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', `/api/operator/notices/${created.id}`, cookies.operator, { category: 'STUDIO', title: 'x', body: '<p>x</p>' })).statusCode).toBe(404);
    expect((await auditRows('NOTICE', created.id)).map((row) => row.action)).toEqual(['NOTICE_CREATE', 'NOTICE_UPDATE', 'NOTICE_DELETE']);
  });

  it('lists scheduled notices to operators only, until their time', async () => {
    const later = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const scheduled = OperatorNotice.parse(
      (await call(t.app, 'POST', '/api/operator/notices', cookies.operator, { category: 'STUDIO', title: '예약 공지', body: '<p>내일</p>', publishedAt: later })).json(),
    );
    const operatorList = (await call(t.app, 'GET', '/api/operator/notices?size=100', cookies.operator)).json<{ content: { id: number }[] }>();
    expect(operatorList.content.map((notice) => notice.id)).toContain(scheduled.id);
    expect((await call(t.app, 'GET', `/external/notices/${scheduled.id}`)).statusCode).toBe(404);
  });
});

describe('operator notifications', () => {
  it('sends to one account: an ADMIN notification with the operator text; unknown accounts and outside links refused', async () => {
    const response = await call(t.app, 'POST', '/api/operator/notifications', cookies.operator, { login: owner.login, message: '정책이 바뀌었습니다.', landingUrl: '/studio/notices' });
    expect(response.statusCode).toBe(201);
    const admin = (await call(t.app, 'GET', '/api/my/notifications?group=ADMIN', cookies.owner)).json<{ content: { message: string; channelId: number | null; landingUrl: string }[] }>();
    expect(admin.content[0]).toMatchObject({ message: '정책이 바뀌었습니다.', channelId: null, landingUrl: '/studio/notices' });
    expect((await call(t.app, 'POST', '/api/operator/notifications', cookies.operator, { login: 'nobody-here', message: 'x' })).json()).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    for (const landingUrl of ['https://evil.example/', '//evil.example/', '/studio//evil.example', 'javascript:alert(1)']) {
      const refused = await call(t.app, 'POST', '/api/operator/notifications', cookies.operator, { login: owner.login, message: 'x', landingUrl });
      expect(refused.statusCode, landingUrl).toBe(400);
    }
  });

  it('delivers a broadcast to every studio user in batches, once each, even when run again', async () => {
    const people = await Promise.all(Array.from({ length: 7 }, () => createPerson(t.db)));
    const users = await t.db.selectFrom('users').select('id').execute();
    const broadcastId = await t.db.transaction().execute((trx) => insertBroadcast(trx, { operatorId: operator.userId, message: '전체 공지 알림', landingUrl: null, at: t.clock.now() }));
    // One batch, as if the job died after its first commit; then the job runs (again) to the end.
    expect(await t.db.transaction().execute((trx) => deliverBroadcastBatch(trx, broadcastId, 3, t.clock.now()))).toBe(3);
    expect(await deliverBroadcast(t.db, broadcastId, 3, () => t.clock.now())).toBe(users.length - 3);
    expect(await deliverBroadcast(t.db, broadcastId, 3, () => t.clock.now())).toBe(0);
    const written = await t.db.selectFrom('notifications').select('user_id').where('message', '=', '전체 공지 알림').execute();
    expect(written).toHaveLength(users.length);
    expect(new Set(written.map((row) => row.user_id)).size).toBe(users.length);
    expect(written.map((row) => row.user_id)).toEqual(expect.arrayContaining(people.map((person) => person.userId)));
    const progress = OperatorBroadcast.parse((await call(t.app, 'GET', `/api/operator/notifications/broadcasts/${broadcastId}`, cookies.operator)).json());
    expect(progress.delivered).toBe(users.length);
    expect(progress.finishedAt).not.toBeNull();
    const unread = (await call(t.app, 'GET', '/api/my/notifications/unread', cookies.owner)).json<{ count: number }>();
    expect(unread.count).toBeGreaterThanOrEqual(1);
  });
});

describe('broadcast to every studio user', () => {
  it('answers 202 at once with ten thousand recipients; the job writes one notification each, logged once', async () => {
    await sql`INSERT INTO users (issuer, subject, login, name, created_at)
      SELECT 'bulk', 'bulk-' || n, 'bulk' || n, '대량 사용자 ' || n, now() FROM generate_series(1, 10000) AS n`.execute(t.db);
    const { count: users } = await t.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();

    const started = performance.now();
    const response = await call(t.app, 'POST', '/api/operator/notifications/broadcast', cookies.operator, { message: '서비스 점검 안내', landingUrl: '/studio/notices' });
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(202);
    const { broadcastId } = response.json<{ broadcastId: number }>();
    // The request wrote the broadcast and its job, not the notifications (measured: 10–100 ms, the first
    // send also starts the job queue; the bound is loose for a loaded machine, the count below is the proof).
    expect(elapsed).toBeLessThan(3000);
    const before = await t.db.selectFrom('notifications').select((eb) => eb.fn.countAll<string>().as('count')).where('message', '=', '서비스 점검 안내').executeTakeFirstOrThrow();
    expect(Number(before.count)).toBe(0);

    expect(await t.app.jobs.drain(BROADCAST_QUEUE)).toBe(1);
    const after = await t.db.selectFrom('notifications').select((eb) => eb.fn.countAll<string>().as('count')).where('message', '=', '서비스 점검 안내').executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(users));
    const progress = OperatorBroadcast.parse((await call(t.app, 'GET', `/api/operator/notifications/broadcasts/${broadcastId}`, cookies.operator)).json());
    expect(progress.delivered).toBe(Number(users));
    const mine = (await call(t.app, 'GET', '/api/my/notifications?group=ADMIN', cookies.owner)).json<{ content: { message: string; channelId: number | null }[] }>();
    expect(mine.content[0]).toMatchObject({ message: '서비스 점검 안내', channelId: null });
    expect(await auditRows('BROADCAST', broadcastId)).toEqual([expect.objectContaining({ action: 'NOTIFICATION_BROADCAST', operator_id: operator.userId })]);
    // A second run of the same job (a retry) writes nothing more.
    expect(await t.app.jobs.drain(BROADCAST_QUEUE)).toBe(0);
  });

  it('refuses an empty message and an outside link', async () => {
    expect((await call(t.app, 'POST', '/api/operator/notifications/broadcast', cookies.operator, { message: '   ' })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/api/operator/notifications/broadcast', cookies.operator, { message: 'x', landingUrl: 'https://evil.example' })).statusCode).toBe(400);
  });
});

describe('audit log', () => {
  it('filters by action, object and operator, newest first', async () => {
    const other = await createPerson(t.db, { name: '다른 운영자', isOperator: true });
    const at = t.clock.now();
    await t.db.transaction().execute(async (trx) => {
      await recordOperatorAction(trx, { operatorId: other.userId, action: 'APPLICATION_APPROVE', objectType: 'APPLICATION', objectId: 424242, before: { status: 'REVIEW' }, after: { status: 'APPROVE' }, at });
      await recordOperatorAction(trx, { operatorId: other.userId, action: 'APPLICATION_REJECT', objectType: 'APPLICATION', objectId: 434343, before: { status: 'REVIEW' }, after: { status: 'REJECT' }, at: new Date(at.getTime() + 1000) });
    });
    const byOperator = AuditPage.parse((await call(t.app, 'GET', `/api/operator/audit?operatorId=${other.userId}`, cookies.operator)).json());
    expect(byOperator.content.map((entry) => entry.action)).toEqual(['APPLICATION_REJECT', 'APPLICATION_APPROVE']);
    expect(byOperator.content[0]).toMatchObject({ operator: { userId: other.userId, name: '다른 운영자' }, objectType: 'APPLICATION', objectId: '434343', before: { status: 'REVIEW' } });
    const byObject = AuditPage.parse((await call(t.app, 'GET', '/api/operator/audit?objectType=APPLICATION&objectId=424242', cookies.operator)).json());
    expect(byObject.content.map((entry) => entry.action)).toEqual(['APPLICATION_APPROVE']);
    const byAction = AuditPage.parse((await call(t.app, 'GET', '/api/operator/audit?action=APPLICATION_REJECT', cookies.operator)).json());
    expect(byAction.totalElements).toBe(1);
    for (const bad of ['action=lower', 'objectType=a-b', 'objectId=0', 'operatorId=x']) {
      expect((await call(t.app, 'GET', `/api/operator/audit?${bad}`, cookies.operator)).statusCode, bad).toBe(400);
    }
  });

  it('names each object as it is called now, else as its snapshot kept it, else not at all', async () => {
    const channel = await serviceChannel('시티 뉴스 — 우리 동네 소식');
    const application = await createApplication(t.db, { applicant_user_id: newcomer.userId, channel_id: null, channel_name: '신청한 채널', channel_type: 'MEDIA_CHANNEL', applicant_kind: 'COMPANY', apply_type: 'NEW_APPLY' });
    const at = t.clock.now();
    await t.db.transaction().execute(async (trx) => {
      await recordOperatorAction(trx, { operatorId: operator.userId, action: 'CHANNEL_UPDATE', objectType: 'CHANNEL', objectId: channel, before: { name: '옛 이름' }, after: { name: '중간 이름' }, at });
      await recordOperatorAction(trx, { operatorId: operator.userId, action: 'APPLICATION_REVIEW', objectType: 'APPLICATION', objectId: application, before: null, after: { status: 'REVIEW' }, at });
      await recordOperatorAction(trx, { operatorId: operator.userId, action: 'NOTIFICATION_SEND', objectType: 'USER', objectId: newcomer.userId, before: null, after: { message: 'm' }, at });
      await recordOperatorAction(trx, { operatorId: operator.userId, action: 'NOTICE_DELETE', objectType: 'NOTICE', objectId: 989898, before: { title: '지운 공지' }, after: null, at });
      await recordOperatorAction(trx, { operatorId: operator.userId, action: 'NOTICE_DELETE', objectType: 'NOTICE', objectId: 979797, before: { body: '<p>x</p>' }, after: null, at });
    });
    const named = async (objectType: string, objectId: number) =>
      AuditPage.parse((await call(t.app, 'GET', `/api/operator/audit?objectType=${objectType}&objectId=${objectId}`, cookies.operator)).json()).content[0]?.objectName;
    // The channel's name today, not the one the entry wrote down.
    expect(await named('CHANNEL', channel)).toBe('시티 뉴스 — 우리 동네 소식');
    expect(await named('APPLICATION', application)).toBe('신청한 채널');
    expect(await named('USER', newcomer.userId)).toBe(`새 소유자 (${newcomer.login})`);
    expect(await named('NOTICE', 989898)).toBe('지운 공지');
    expect(await named('NOTICE', 979797)).toBeNull();
    // No application 424242 and a snapshot with no name: nothing to call it.
    expect(await named('APPLICATION', 424242)).toBeNull();
  });
});

describe('audit log past its counted total', () => {
  it('pages on beyond the cap while rows follow, and ends where they end', async () => {
    const extra = 5;
    await sql`
      INSERT INTO operator_audit (operator_id, action, object_type, object_id, before, after, at)
      SELECT ${operator.userId}::bigint, 'PAGER_CHECK', 'USER', n::text, NULL, NULL, timestamptz '2026-01-01' + n * interval '1 second'
      FROM generate_series(1, ${OPERATOR_LIST_COUNT_CAP + extra}) AS n`.execute(t.db);
    const page = async (number: number) => AuditPage.parse((await call(t.app, 'GET', `/api/operator/audit?action=PAGER_CHECK&size=20&page=${number}`, cookies.operator)).json());
    expect(await page(0)).toMatchObject({ totalElements: OPERATOR_LIST_COUNT_CAP, last: false });
    const lastCounted = OPERATOR_LIST_COUNT_CAP / 20 - 1;
    // The last page the count makes is not the list's last: more rows follow it.
    expect(await page(lastCounted)).toMatchObject({ numberOfElements: 20, last: false });
    const beyond = await page(lastCounted + 1);
    expect(beyond).toMatchObject({ totalElements: OPERATOR_LIST_COUNT_CAP, numberOfElements: extra, last: true });
    expect(beyond.content.map((entry) => entry.objectId)).toEqual(['5', '4', '3', '2', '1']);
  });
});
