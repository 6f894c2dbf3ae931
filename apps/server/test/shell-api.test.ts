import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createApplication, createChannel, createLive, createNotification, createPerson, createStreamKey, type Person } from '../src/seed/factories';
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

  it('sends the security headers on every kind of answer, errors included: the API its own set, pages theirs', async () => {
    // One stored file and one live's playlist, so /media and /live answer 200 as well as 404.
    await t.app.media.put('images', 'headers-test.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png');
    const key = await createStreamKey(t.db, { channel_id: service, title: '헤더 키', created_at: new Date() });
    const liveId = await createLive(t.db, { channel_id: service, stream_key_id: key.id, title: '끝난 라이브', status: 'END', created_at: new Date() });
    await mkdir(path.join(t.config.dataDir, 'live', String(liveId)), { recursive: true });
    await writeFile(path.join(t.config.dataDir, 'live', String(liveId), 'index.m3u8'), '#EXTM3U\n#EXT-X-ENDLIST\n');

    type Kind = 'api' | 'page';
    const answers: { kind: Kind; method?: 'GET' | 'POST'; url: string; headers?: Record<string, string>; payload?: string; status: number }[] = [
      // The studio's API: answers, refusals, unknown routes, bad input, framework errors.
      { kind: 'api', url: '/api/me', headers: { cookie: ownerCookie }, status: 200 },
      { kind: 'api', url: '/api/me', status: 401 },
      { kind: 'api', url: '/api/nothing-here', headers: { cookie: ownerCookie }, status: 404 },
      { kind: 'api', url: '/api/channels/not-a-number', headers: { cookie: ownerCookie }, status: 400 },
      // What the router refuses before any hook runs answers JSON, with the API's headers, wherever it was sent.
      { kind: 'api', url: '/api/%E0%A4%A', status: 400 },
      { kind: 'api', url: '/studio/%E0%A4%A', status: 400 },
      { kind: 'api', method: 'POST', url: '/api/my/notifications/read', headers: { cookie: ownerCookie, origin: 'https://evil.example' }, status: 403 },
      { kind: 'api', method: 'POST', url: '/api/my/history', headers: { cookie: ownerCookie, origin: ORIGIN, 'content-type': 'application/json' }, payload: 'x'.repeat(1024 * 1024 + 1), status: 413 },
      // The public notices are API too.
      { kind: 'api', url: '/external/notices?consumerCategory=STUDIO', status: 200 },
      { kind: 'api', url: '/external/notices?consumerCategory=NOPE', status: 400 },
      // Pages: the studio (signed out: the login hand-over), the sign-in, the logout confirmation, unknown paths.
      { kind: 'page', url: '/studio/', status: 401 },
      { kind: 'page', url: '/', status: 302 },
      { kind: 'page', url: '/studio/assets/missing.js', status: 404 },
      { kind: 'page', url: '/auth/logout', status: 200 },
      { kind: 'page', url: '/auth/to-login.js', status: 200 },
      { kind: 'page', url: '/auth/callback?state=x&code=y', headers: { accept: 'text/html' }, status: 400 },
      { kind: 'page', url: '/no-such-page', status: 404 },
      // The API's documentation is a page with scripts of its own.
      { kind: 'page', url: '/api/docs', status: 200 },
      { kind: 'page', url: '/api/docs/', status: 200 },
      { kind: 'page', url: '/api/docs/static/swagger-initializer.js', status: 200 },
      { kind: 'page', url: '/api/docs/json', status: 200 },
      // Stored media and live playback, found or not.
      { kind: 'page', url: '/media/images/headers-test.png', status: 200 },
      { kind: 'page', url: '/media/images/missing.png', status: 404 },
      { kind: 'page', url: `/live/${liveId}/index.m3u8`, status: 200 },
      { kind: 'page', url: `/live/${liveId}/segment-00001.ts`, status: 404 },
      { kind: 'page', url: '/live/999999/index.m3u8', status: 404 },
      // The bundled account service: our pages and the OpenID provider's own answers (JSON and its error page).
      { kind: 'page', url: '/accounts/login', status: 302 },
      { kind: 'page', url: '/accounts/logout', status: 200 },
      { kind: 'page', url: '/accounts/.well-known/openid-configuration', status: 200 },
      { kind: 'page', url: '/accounts/auth?client_id=nobody', headers: { accept: 'text/html' }, status: 400 },
      { kind: 'page', url: '/accounts/no-such-endpoint', status: 404 },
      // Health checks.
      { kind: 'page', url: '/healthz', status: 200 },
    ];
    for (const answer of answers) {
      const response = await t.app.inject({ method: answer.method ?? 'GET', url: answer.url, headers: answer.headers ?? {}, ...(answer.payload ? { payload: answer.payload } : {}) });
      const what = `${answer.method ?? 'GET'} ${answer.url}`;
      expect(response.statusCode, what).toBe(answer.status);
      const csp = String(response.headers['content-security-policy']);
      // Neither plugins nor a <base> injected into an answer can take over what it loads or where its links go.
      expect(csp, what).toMatch(/(^|;)\s*object-src 'none'\s*(;|$)/);
      expect(csp, what).toMatch(/(^|;)\s*base-uri 'none'\s*(;|$)/);
      expect(csp, what).toMatch(/(^|;)\s*frame-ancestors 'none'\s*(;|$)/);
      expect(response.headers['x-content-type-options'], what).toBe('nosniff');
      expect(response.headers['x-frame-options'], what).toBe('DENY');
      expect(response.headers['strict-transport-security'], what).toBeUndefined();
      if (answer.kind === 'api') {
        expect(csp, what).toMatch(/^default-src 'none';/);
        expect(response.headers['referrer-policy'], what).toBe('no-referrer');
        expect(response.headers['cross-origin-resource-policy'], what).toBe('same-origin');
      } else {
        expect(csp, what).toContain("script-src 'self'");
        expect(response.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
      }
    }
    // The studio's API answers are personal; the public notices stay cacheable.
    expect((await call(t.app, 'GET', '/api/me', ownerCookie)).headers['cache-control']).toBe('no-store');
    const notices = await t.app.inject({ method: 'GET', url: '/external/notices?consumerCategory=STUDIO' });
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
