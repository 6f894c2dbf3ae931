import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@studio/contract/errors';
import { ACCESS_LEVELS, accessPlugin, type Access } from '../src/plugins/access';
import { insertBroadcast } from '../src/modules/operator/broadcast-repository';
import { hashToken } from '../src/lib/session-token';
import { addMember, createApplication, createChannel, createContent, createInvite, createLive, createNotice, createNotification, createPerson, createStreamKey, createTransfer, type Person } from '../src/seed/factories';
import { createTestApp, ORIGIN, type TestContext } from './helper';

/**
 * The authorization matrix, generated from the OpenAPI document: every /api
 * route is called without a session, by a signed-in stranger, by a manager
 * where the owner alone may call, and with malformed ids and query values.
 * A new route is covered the day it is added; one the matrix cannot reach must
 * be named in UNREACHABLE with the reason.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type OpenApiParameter = { in: string; name: string; schema?: { type?: string; enum?: unknown[]; anyOf?: unknown[] } };
type OpenApiOperation = { 'x-access'?: Access; parameters?: OpenApiParameter[] };
type Route = { method: Method; path: string; access: Access | undefined; pathParams: string[]; query: OpenApiParameter[] };

/** Routes (as `METHOD /path`) the matrix cannot call meaningfully, and why. Keep it short. */
const UNREACHABLE: Record<string, string> = {
  // (none today)
};

/**
 * Query parameters that take free text, where no value is malformed. Every
 * other query parameter is a number or an enumeration and must refuse junk.
 */
const FREE_TEXT_QUERY = new Set<string>([
  // Operator console: a channel search by id or part of a name; audit filters by action and object type
  // (upper snake names; an unknown one matches nothing).
  'q',
  'action',
  'objectType',
  // The live list filters by title.
  'title',
]);

/** Path ids that must be refused with a 400 and a code, never read as a number. */
const MALFORMED_IDS = ['abc', '0x1', '1e0', '+1', ' 1', '-1', '0', '01', '1.5', '99999999999999999999', '9007199254740993'];

let t: TestContext;
let owner: Person;
let manager: Person;
let stranger: Person;
let invitee: Person;
let operator: Person;
let cookies: Record<'owner' | 'manager' | 'stranger' | 'invitee' | 'operator', string>;
let routes: Route[];
/** Each path parameter's value: an existing object that belongs to the owner's channel or the invitee, never to the stranger. */
let fixtures: Record<string, number | string>;
let creditManager: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createPerson(t.db, { name: '소유자' });
  manager = await createPerson(t.db, { name: '매니저' });
  stranger = await createPerson(t.db, { name: '낯선 사람' });
  invitee = await createPerson(t.db, { name: '초대받은 사람' });
  operator = await createPerson(t.db, { name: '운영자', isOperator: true });
  cookies = {
    owner: await t.cookieFor(owner.userId),
    manager: await t.cookieFor(manager.userId),
    stranger: await t.cookieFor(stranger.userId),
    invitee: await t.cookieFor(invitee.userId),
    operator: await t.cookieFor(operator.userId),
  };
  const channel = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', status: 'SERVICE', use_post_write: true, use_document_write: true });
  await addMember(t.db, channel, owner.userId, 'OWNER');
  await addMember(t.db, channel, manager.userId, 'MANAGER');
  const credit = await createPerson(t.db, { name: '수익 관리자' });
  await addMember(t.db, channel, credit.userId, 'CREDIT_MANAGER');
  creditManager = await t.cookieFor(credit.userId);
  const streamKey = await createStreamKey(t.db, { channel_id: channel, title: '메인 스튜디오', created_at: new Date() });
  const live = await createLive(t.db, { channel_id: channel, stream_key_id: streamKey.id, title: '라이브', created_at: new Date() });
  const restreamTarget = await t.db
    .insertInto('restream_targets')
    .values({ stream_key_id: streamKey.id, url: 'rtmp://a.rtmp.example.com/live2', secret: 'matrix-target-key-0001', created_at: new Date(), updated_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = t.clock.now();
  const invite = await createInvite(t.db, { channel_id: channel, invitee_user_id: invitee.userId, inviter_user_id: owner.userId, role: 'MANAGER', created_at: now });
  const transfer = await createTransfer(t.db, {
    channel_id: channel,
    from_user_id: owner.userId,
    to_user_id: invitee.userId,
    created_at: now,
    expires_at: new Date(now.getTime() + 86_400_000),
  });
  const notification = await createNotification(t.db, {
    user_id: invitee.userId,
    channel_id: channel,
    message: '알림',
    image_url: null,
    landing_url: null,
    created_at: now,
  });
  const loop = randomUUID();
  await t.db.insertInto('loops').values({ id: loop, channel_id: channel, user_id: owner.userId, total_bytes: 1000, created_at: now, updated_at: now }).execute();
  const notice = await createNotice(t.db, { category: 'STUDIO', title: '공지', body: '<p>공지</p>', published_at: now });
  const broadcast = await t.db.transaction().execute((trx) => insertBroadcast(trx, { operatorId: operator.userId, message: '알림', landingUrl: null, at: now }));
  const application = await createApplication(t.db, {
    applicant_user_id: invitee.userId,
    channel_id: null,
    channel_name: '반려된 신청',
    channel_type: 'MEDIA_CHANNEL',
    applicant_kind: 'INDIVIDUAL',
    apply_type: 'NEW_APPLY',
    status: 'REJECT',
    reject_reason: '사유',
    reviewed_at: now,
  });
  const content = await createContent(t.db, { channel_id: channel, author_user_id: owner.userId, kind: 'CONTENT_VIEW', status: 'DRAFT', title: '초안', thumbnail_url: null });
  // A second session of the invitee, so a route that signs one out never ends the one the matrix calls with.
  const spareCookie = await t.cookieFor(invitee.userId);
  const spareSession = await t.db.selectFrom('sessions').select('public_id').where('id', '=', hashToken(spareCookie.split('=')[1] ?? '')).executeTakeFirstOrThrow();
  fixtures = {
    contentId: content,
    channelId: channel,
    noticeId: notice,
    broadcastId: broadcast,
    inviteId: invite,
    transferId: transfer,
    userId: manager.userId,
    loopId: loop,
    liveId: live,
    kampChannelId: streamKey.kamp_channel_id,
    targetId: restreamTarget.id,
    'GET /api/my/invites/{id}': invite,
    'POST /api/my/invites/{id}': invite,
    'DELETE /api/my/invites/{id}': invite,
    'POST /api/my/notifications/read/{id}': notification,
    'DELETE /api/me/sessions/{id}': spareSession.public_id,
    'GET /api/applications/{id}': application,
    'POST /api/applications/{id}/copy': application,
    'GET /api/operator/applications/{id}': application,
    'POST /api/operator/applications/{id}/review': application,
    'POST /api/operator/applications/{id}/approve': application,
    'POST /api/operator/applications/{id}/reject': application,
  };

  const document = t.app.swagger() as { paths: Record<string, Partial<Record<Lowercase<Method>, OpenApiOperation>>> };
  routes = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = operations[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      routes.push({
        method: method.toUpperCase() as Method,
        path,
        access: operation['x-access'],
        pathParams: parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
        query: parameters.filter((parameter) => parameter.in === 'query'),
      });
    }
  }
});

afterAll(async () => {
  await t.close();
});

const label = (route: Route) => `${route.method} ${route.path}`;
const reachable = () => routes.filter((route) => !(label(route) in UNREACHABLE));

function fixture(route: Route, name: string): number | string {
  const value = fixtures[`${label(route)}`] ?? fixtures[name];
  if (value === undefined) throw new Error(`${label(route)}: no fixture for path parameter "${name}"; add one to the matrix`);
  return value;
}

function url(route: Route, overrides: Record<string, string> = {}, query = ''): string {
  let path = route.path;
  for (const name of route.pathParams) {
    path = path.replace(`{${name}}`, encodeURIComponent(overrides[name] ?? String(fixture(route, name))));
  }
  return query ? `${path}?${query}` : path;
}

function send(route: Route, target: string, cookie?: string) {
  return t.app.inject({
    method: route.method,
    url: target,
    headers: { ...(cookie ? { cookie } : {}), ...(route.method === 'GET' ? {} : { origin: ORIGIN }) },
  });
}

/** A caller the route lets through, so what is tested next is the input, not the access. */
function holder(route: Route): string {
  switch (route.access) {
    case 'channel:owner':
    case 'channel:manager':
    case 'channel:member':
    case 'session':
    case 'public':
    case undefined:
      return cookies.owner;
    case 'self':
      return cookies.invitee;
    case 'operator':
      return cookies.operator;
  }
}

function expectErrorBody(body: unknown, where: string): ErrorBody {
  const parsed = ErrorBody.safeParse(body);
  expect(parsed.success, `${where}: answers the spec's error body`).toBe(true);
  return parsed.data as ErrorBody;
}

describe('authorization matrix', () => {
  it('reads every /api route from the OpenAPI document, each with a declared access', () => {
    // Sanity: an empty or broken document must not make every row below pass vacuously.
    expect(routes.length).toBeGreaterThanOrEqual(30);
    for (const route of routes) expect(ACCESS_LEVELS, `${label(route)} declares its access`).toContain(route.access);
    for (const key of Object.keys(UNREACHABLE)) expect(routes.map(label), `UNREACHABLE names a real route: ${key}`).toContain(key);
  });

  it('keeps the access table pinned: who may call what changes only on purpose', async () => {
    // A weaker declaration (owner → member, member → session) passes the rows below, which trust the
    // declaration; this pin makes it a visible, reviewed change. Update with `vitest -u` and say why.
    const table = routes.map((route) => `${label(route)}  ${route.access ?? 'NONE'}`).sort();
    await expect(`${table.join('\n')}\n`).toMatchFileSnapshot('./__snapshots__/access-table.txt');
  });

  it('answers 401 AUTH_UNAUTHORIZED without a session', async () => {
    // `public` routes answer anyone (the view beacons); their own tests hold their bounds.
    for (const route of reachable().filter((candidate) => candidate.access !== 'public')) {
      const response = await send(route, url(route));
      expect(response.statusCode, label(route)).toBe(401);
      expect(expectErrorBody(response.json(), label(route)).code, label(route)).toBe('AUTH_UNAUTHORIZED');
    }
  });

  it('answers a signed-in stranger 403 or 404 on anything that is not theirs', async () => {
    // `session` routes serve only the caller's own data (their lists and counters): a stranger gets their own, empty;
    // `public` routes serve anyone.
    const guarded = reachable().filter((route) => route.access !== 'session' && route.access !== 'public');
    expect(guarded.length).toBeGreaterThanOrEqual(20);
    for (const route of guarded) {
      const response = await send(route, url(route), cookies.stranger);
      expect([403, 404], `${label(route)} answered ${response.statusCode}`).toContain(response.statusCode);
      expectErrorBody(response.json(), label(route));
    }
  });

  it('answers a manager 403 CHANNEL_OWNER_ONLY where only the owner may call', async () => {
    const ownerOnly = reachable().filter((route) => route.access === 'channel:owner');
    expect(ownerOnly.length).toBeGreaterThanOrEqual(8);
    for (const route of ownerOnly) {
      const response = await send(route, url(route), cookies.manager);
      expect(response.statusCode, label(route)).toBe(403);
      expect(expectErrorBody(response.json(), label(route)).code, label(route)).toBe('CHANNEL_OWNER_ONLY');
    }
  });

  it('answers a credit manager 403 on lives and stream keys (owners and managers only)', async () => {
    const managersOnly = reachable().filter((route) => route.access === 'channel:manager');
    expect(managersOnly.length).toBeGreaterThanOrEqual(15);
    for (const route of managersOnly) {
      const response = await send(route, url(route), creditManager);
      expect(response.statusCode, label(route)).toBe(403);
      expect(expectErrorBody(response.json(), label(route)).code, label(route)).toBe('CHANNEL_ACCESS_DENIED');
    }
  });

  it('lets the operator through operator routes only when signed in as an operator', async () => {
    for (const route of reachable().filter((candidate) => candidate.access === 'operator')) {
      const response = await send(route, url(route), cookies.owner);
      expect(response.statusCode, label(route)).toBe(403);
    }
  });

  it('answers 400 with a code for malformed path ids, never 500 and never a lookup', async () => {
    let checked = 0;
    for (const route of reachable()) {
      for (const name of route.pathParams) {
        for (const bad of MALFORMED_IDS) {
          const target = url(route, { [name]: bad });
          const response = await send(route, target, holder(route));
          expect(response.statusCode, `${route.method} ${target}`).toBe(400);
          expect(expectErrorBody(response.json(), target).code, target).toBe('VALIDATION_FAILED');
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(MALFORMED_IDS.length * 20);
    // Hundreds of requests in a row: a loaded machine needs more than the default 20 s (CI timed out at it once).
  }, 60_000);

  it('answers 400 with a code for malformed query values, never 500', async () => {
    let checked = 0;
    for (const route of reachable()) {
      for (const parameter of route.query) {
        if (FREE_TEXT_QUERY.has(parameter.name)) continue;
        const numeric = parameter.schema?.type === 'integer' || parameter.schema?.type === 'number';
        const values = numeric ? ['-1', 'abc', '1.5', '1e400'] : ['NOT_A_VALUE', ''];
        for (const bad of values) {
          const target = url(route, {}, `${parameter.name}=${encodeURIComponent(bad)}`);
          const response = await send(route, target, holder(route));
          // An empty enumeration value may mean "no filter"; it must never be a server error or an access bypass.
          if (bad === '' && response.statusCode === 200) continue;
          expect(response.statusCode, `${route.method} ${target}`).toBe(400);
          expect(expectErrorBody(response.json(), target).code, target).toBe('VALIDATION_FAILED');
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });
});

describe('declared access', () => {
  it('stops start-up when an /api route declares none', async () => {
    const app = Fastify({ logger: false });
    app.decorate('db', t.db);
    const start = async () => {
      await app.register(
        async (api) => {
          await api.register(accessPlugin);
          api.get('/forgotten', async () => ({ ok: true }));
        },
        { prefix: '/api' },
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/GET \/api\/forgotten declares no access/);
  });

  it('stops start-up when a channel route has no channel to check', async () => {
    const app = Fastify({ logger: false });
    app.decorate('db', t.db);
    const start = async () => {
      await app.register(
        async (api) => {
          await api.register(accessPlugin);
          api.get('/channels', { config: { access: 'channel:owner' } }, async () => ({ ok: true }));
        },
        { prefix: '/api' },
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/has no :channelId parameter/);
  });
});
