import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createApplication, createChannel, createNotification, createPerson, type Person } from '../src/seed/factories';
import { statsOf } from '../src/db/database';
import { call, createTestApp, ORIGIN, type TestContext } from './helper';

let t: TestContext;
let owner: Person;
let stranger: Person;
let ownerCookie: string;
let strangerCookie: string;
let service: number;
let waiting: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createPerson(t.db, { login: 'owner1', name: '소유자' });
  stranger = await createPerson(t.db, { login: 'stranger', name: '낯선 사람' });
  service = await createChannel(t.db, {
    name: '서비스 채널',
    channel_type: 'MEDIA_CHANNEL',
    status: 'SERVICE',
    shorts_status: 'SERVICE',
    live_status: 'PAUSE',
    use_document_write: true,
    use_post_write: false,
    labels: [{ code: 'OFFICIAL', name: '공식' }],
  });
  waiting = await createChannel(t.db, { name: '대기 채널', status: 'WAIT', shorts_status: 'SERVICE', use_post_write: true });
  const deleted = await createChannel(t.db, { name: '삭제된 채널', status: 'DELETED' });
  await addMember(t.db, service, owner.userId, 'OWNER');
  await addMember(t.db, waiting, owner.userId, 'MANAGER');
  await addMember(t.db, deleted, owner.userId, 'OWNER');
  ownerCookie = await t.cookieFor(owner.userId);
  strangerCookie = await t.cookieFor(stranger.userId);
});

afterAll(async () => {
  await t.close();
});

describe('without a session', () => {
  it.each([
    ['GET', '/api/me'],
    ['GET', '/api/my/channels'],
    ['GET', '/api/my/channels/creatable'],
    ['GET', '/api/channels/management/has-reviewed-apply'],
    ['GET', '/api/my/notifications'],
    ['GET', '/api/my/notifications/unread'],
    ['POST', '/api/my/notifications/read/1'],
    ['POST', '/api/my/notifications/read'],
    ['POST', '/api/my/history'],
  ] as const)('%s %s answers 401 AUTH_UNAUTHORIZED with the error body', async (method, url) => {
    const response = await call(t.app, method, url);
    expect(response.statusCode).toBe(401);
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({ code: 'AUTH_UNAUTHORIZED', path: url, extra: null });
    expect(body.message).toBe('현재 로그아웃 상태입니다. 로그인 후 다시 시도해 주세요.');
  });

  it('an unknown or expired session cookie is no session', async () => {
    const response = await call(t.app, 'GET', '/api/me', 'studio_session=forged-token');
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/me', () => {
  it('returns the signed-in person as a studio user', async () => {
    const response = await call(t.app, 'GET', '/api/me', ownerCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: owner.userId, name: '소유자', login: 'owner1', profileImageUrl: null, isUser: true, isOperator: false });
  });
});

describe('GET /api/my/channels', () => {
  it('lists channels with a role, every spec field, deleted ones left out', async () => {
    const response = await call(t.app, 'GET', '/api/my/channels', ownerCookie);
    expect(response.statusCode).toBe(200);
    const channels = response.json<{ id: number; role: string }[]>();
    expect(channels.map((channel) => [channel.id, channel.role])).toEqual([
      [service, 'OWNER'],
      [waiting, 'MANAGER'],
    ]);
    expect(channels[0]).toEqual({
      id: service,
      name: '서비스 채널',
      role: 'OWNER',
      channelInfo: { profileImageUrl: null, channelType: { code: 'MEDIA_CHANNEL' } },
      status: { code: 'SERVICE' },
      serviceStatus: { shortsStatus: { code: 'SERVICE' }, liveStatus: { code: 'PAUSE' } },
      consumerInfo: { useMainnews: false, useDocumentWrite: true, usePostWrite: false },
      channelLabelInfo: { labels: [{ code: 'OFFICIAL', name: '공식' }] },
    });
  });

  it('is empty for a person with no channel', async () => {
    const response = await call(t.app, 'GET', '/api/my/channels', strangerCookie);
    expect(response.json()).toEqual([]);
  });
});

describe('GET /api/my/channels/creatable', () => {
  it('offers only SERVICE channels, each with only its enabled options', async () => {
    const response = await call(t.app, 'GET', '/api/my/channels/creatable', ownerCookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { channelId: service, name: '서비스 채널', profileImageUrl: null, channelType: 'MEDIA_CHANNEL', options: ['CONTENTS', 'LOOP_UPLOAD'] },
    ]);
  });

  it('asked together with my channels (the first load), both are answered by one membership query', async () => {
    const stats = statsOf(t.db);
    if (!stats) throw new Error('the test database has no pool statistics');
    // Someone whose lists were never read here; the session is read once first, so the two calls
    // below count only their own queries.
    const person = await createPerson(t.db);
    await addMember(t.db, service, person.userId, 'MANAGER');
    await addMember(t.db, waiting, person.userId, 'MANAGER');
    const cookie = await t.cookieFor(person.userId);
    await call(t.app, 'GET', '/api/me', cookie);
    await t.app.readCache.settle();
    const before = stats.queries;
    const [mine, creatable] = await Promise.all([call(t.app, 'GET', '/api/my/channels', cookie), call(t.app, 'GET', '/api/my/channels/creatable', cookie)]);
    expect(stats.queries - before).toBe(1);
    expect(mine.json<unknown[]>()).toHaveLength(2);
    expect(creatable.json()).toEqual([expect.objectContaining({ channelId: service, options: ['CONTENTS', 'LOOP_UPLOAD'] })]);
    // Asked again, both come from memory until a membership or one of the channels changes (read cache).
    await call(t.app, 'GET', '/api/my/channels', cookie);
    await call(t.app, 'GET', '/api/my/channels/creatable', cookie);
    expect(stats.queries - before).toBe(1);
  });
});

describe('GET /api/channels/management/has-reviewed-apply', () => {
  it('is true only while a review is less than a week old', async () => {
    const now = t.clock.now().getTime();
    const fresh = await createPerson(t.db);
    const cookie = await t.cookieFor(fresh.userId);
    const check = async () => (await call(t.app, 'GET', '/api/channels/management/has-reviewed-apply', cookie)).json<{ hasReviewedApply: boolean }>();

    await createApplication(t.db, {
      applicant_user_id: fresh.userId,
      channel_name: '아직 검토 중',
      channel_type: 'MEDIA_CHANNEL',
      applicant_kind: 'INDIVIDUAL',
      apply_type: 'NEW_APPLY',
      status: 'REVIEW',
      channel_id: null,
    });
    expect(await check()).toEqual({ hasReviewedApply: false });

    await createApplication(t.db, {
      applicant_user_id: fresh.userId,
      channel_name: '반려됨',
      channel_type: 'CONTENTS_CHANNEL',
      applicant_kind: 'COMPANY',
      apply_type: 'NEW_APPLY',
      status: 'REJECT',
      reject_reason: '채널 소개가 부족합니다.',
      reviewed_at: new Date(now - 6 * 86_400_000),
      channel_id: null,
    });
    expect(await check()).toEqual({ hasReviewedApply: true });

    t.clock.advance(2 * 86_400_000);
    try {
      expect(await check()).toEqual({ hasReviewedApply: false });
    } finally {
      t.clock.set(new Date(now));
    }
  });
});

describe('POST /api/my/history', () => {
  it('records the visit, once per call', async () => {
    const response = await call(t.app, 'POST', '/api/my/history', ownerCookie, { path: '/studio/' });
    expect(response.statusCode).toBe(204);
    const rows = await t.db.selectFrom('user_visits').select(['user_id', 'path']).where('user_id', '=', owner.userId).execute();
    expect(rows).toEqual([{ user_id: owner.userId, path: '/studio/' }]);
  });

  it('refuses a path that is not a string', async () => {
    const response = await call(t.app, 'POST', '/api/my/history', ownerCookie, { path: 42 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('CSRF', () => {
  it('refuses a mutation from another origin, before anything changes', async () => {
    const id = await createNotification(t.db, { user_id: owner.userId, message: 'csrf', channel_id: null, image_url: null, landing_url: null });
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/my/notifications/read/${id}`,
      headers: { cookie: ownerCookie, origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CSRF_ORIGIN_MISMATCH' });
    const row = await t.db.selectFrom('notifications').select('read_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.read_at).toBeNull();
  });

  it('refuses a cross-site browser request that hides its origin', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/my/notifications/read',
      headers: { cookie: ownerCookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('lets the studio origin through', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/my/notifications/read', headers: { cookie: ownerCookie, origin: ORIGIN } });
    expect(response.statusCode).toBe(204);
  });
});

describe('errors', () => {
  it('an unknown API route answers 404 with the error body', async () => {
    const response = await call(t.app, 'GET', '/api/nothing-here', ownerCookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND', path: '/api/nothing-here' });
  });

  it('sends the security headers on every response, errors included: the API its own set, pages theirs', async () => {
    for (const response of [await call(t.app, 'GET', '/api/me', ownerCookie), await call(t.app, 'GET', '/api/me'), await call(t.app, 'GET', '/api/nothing-here', ownerCookie)]) {
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      // What only a page needs is not sent with JSON.
      expect(response.headers['referrer-policy']).toBeUndefined();
    }
    // Pages, the sign-in and the API's own documentation (a page with scripts) carry the page set.
    for (const url of ['/studio/', '/api/docs', '/api/docs/', '/auth/login']) {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
    // The public notices are API too, and stay cacheable.
    const notices = await t.app.inject({ method: 'GET', url: '/external/notices?consumerCategory=STUDIO' });
    expect(notices.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(notices.headers['cache-control']).not.toBe('no-store');
  });

  it('publishes OpenAPI for the contract at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/my/channels',
        '/api/my/channels/creatable',
        '/api/channels/management/has-reviewed-apply',
        '/api/my/notifications/unread',
        '/external/notices',
        '/api/my/history',
      ]),
    );
  });
});
