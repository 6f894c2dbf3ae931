import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { layerThumbnailUrl, type LiveDetail, type LivePage, type StreamKey, type StreamState } from '@studio/contract/live';
import { buildApp } from '../src/app';
import { GRACE_QUEUE } from '../src/modules/lives/runtime';
import { addMember, createChannel, createPerson } from '../src/seed/factories';
import { call, createTestApp, ORIGIN, type TestContext } from './helper';
import { jpegQuality } from './jpeg-quality';

/**
 * The live API of spec section 7 through the whole app on PostgreSQL: stream
 * keys, the life of a live, its errors, and the five-on-air limit under 50
 * parallel start calls. Video "arrives" here through the nginx-rtmp callback
 * endpoints (the production ingest's real path); the embedded RTMP ingest with
 * a real encoder is in lives-ingest.test.ts.
 */

const TOKEN = 'test-callback-token-0123456789';
let t: TestContext;
let channelId: number;
let owner: string;
let manager: string;
let credit: string;
let stranger: string;
let ownerId: number;
let managerId: number;

const base = () => `/api/channels/${channelId}/lives`;

async function createKey(title: string, cookie = owner): Promise<StreamKey> {
  const created = await call(t.app, 'POST', `${base()}/streams?title=${encodeURIComponent(title)}`, cookie);
  expect(created.statusCode, created.body).toBe(201);
  const { kampChannelId } = created.json<{ kampChannelId: string }>();
  const keys = (await call(t.app, 'GET', `${base()}/streams`, cookie)).json<StreamKey[]>();
  return keys.find((key) => key.kampChannelId === kampChannelId)!;
}

async function createLive(key: StreamKey): Promise<number> {
  const response = await call(t.app, 'POST', `${base()}/create?kampChannelId=${key.kampChannelId}`, owner);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ liveId: number }>().liveId;
}

/** nginx-rtmp's on_publish for the key: the ingest now receives it. */
function onPublish(secret: string, token = TOKEN) {
  return t.app.inject({ method: 'POST', url: `/ingest/on_publish?token=${token}`, payload: `call=publish&app=live&name=${secret}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}
function onPublishDone(secret: string) {
  return t.app.inject({ method: 'POST', url: `/ingest/on_publish_done?token=${TOKEN}`, payload: `call=publish_done&app=live&name=${secret}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

beforeAll(async () => {
  t = await createTestApp({ env: { INGEST_CALLBACK_TOKEN: TOKEN, LIVE_RECONNECT_GRACE_SECONDS: '300' } });
  const o = await createPerson(t.db, { name: '소유자' });
  const m = await createPerson(t.db, { name: '매니저' });
  const c = await createPerson(t.db, { name: '수익 관리자' });
  const s = await createPerson(t.db, { name: '낯선 사람' });
  ownerId = o.userId;
  managerId = m.userId;
  channelId = await createChannel(t.db, { name: 'Studio Daily', status: 'SERVICE', live_status: 'SERVICE' });
  await addMember(t.db, channelId, o.userId, 'OWNER');
  await addMember(t.db, channelId, m.userId, 'MANAGER');
  await addMember(t.db, channelId, c.userId, 'CREDIT_MANAGER');
  [owner, manager, credit, stranger] = (await Promise.all([o, m, c, s].map((p) => t.cookieFor(p.userId)))) as [string, string, string, string];
});

afterAll(async () => {
  await t.close();
});

describe('stream keys', () => {
  it('creates a key answering kampChannelId; the list gives owners and managers the secret and the server address', async () => {
    const key = await createKey('  메인 스튜디오  ', manager);
    expect(key).toMatchObject({ title: '메인 스튜디오', channelId, isLive: false });
    expect(key.streamKey).toMatch(/^live_[0-9a-f]{40}$/);
    expect(key.serverUrl).toBe('rtmp://localhost:1935/live');
    expect(key.kampChannelId).not.toContain(key.streamKey);
  });

  it('refuses titles that are blank or longer than 20 characters with 400, and counts characters, not bytes', async () => {
    for (const title of ['', '   ', '가'.repeat(21), 'a\nb']) {
      const response = await call(t.app, 'POST', `${base()}/streams?title=${encodeURIComponent(title)}`, owner);
      expect(response.statusCode, title).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
    await createKey('가'.repeat(20));
  });

  it('renames a key (204), 404 for an unknown key, and the credit manager and strangers get nothing', async () => {
    const key = await createKey('before');
    expect((await call(t.app, 'PUT', `${base()}/streams/${key.kampChannelId}?title=after`, owner)).statusCode).toBe(204);
    const keys = (await call(t.app, 'GET', `${base()}/streams`, owner)).json<StreamKey[]>();
    expect(keys.find((k) => k.id === key.id)?.title).toBe('after');
    // Repeated: the same answer, nothing else changes.
    expect((await call(t.app, 'PUT', `${base()}/streams/${key.kampChannelId}?title=after`, owner)).statusCode).toBe(204);
    const missing = await call(t.app, 'PUT', `${base()}/streams/kc00000000000000?title=x`, owner);
    expect([missing.statusCode, missing.json<{ code: string }>().code]).toEqual([404, 'STREAM_KEY_NOT_FOUND']);
    const byCredit = await call(t.app, 'GET', `${base()}/streams`, credit);
    expect([byCredit.statusCode, byCredit.json<{ code: string }>().code]).toEqual([403, 'CHANNEL_ACCESS_DENIED']);
    expect(byCredit.body).not.toContain('live_');
    expect((await call(t.app, 'GET', `${base()}/streams`, stranger)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `${base()}/streams`)).statusCode).toBe(401);
  });

  it('reissues a secret: the old one no longer opens the ingest', async () => {
    const key = await createKey('reissue');
    expect((await onPublish(key.streamKey)).statusCode).toBe(204);
    const reissued = await call(t.app, 'POST', `${base()}/streams/reissue/${key.kampChannelId}`, owner);
    expect(reissued.statusCode).toBe(200);
    const fresh = reissued.json<StreamKey>();
    expect(fresh.kampChannelId).toBe(key.kampChannelId);
    expect(fresh.streamKey).not.toBe(key.streamKey);
    expect((await onPublish(key.streamKey)).statusCode).toBe(403);
    expect((await onPublish(fresh.streamKey)).statusCode).toBe(204);
    expect((await call(t.app, 'POST', `${base()}/streams/reissue/kc00000000000000`, owner)).statusCode).toBe(404);
  });

  it('holds at most 20 keys per channel, even when 30 are added at once', async () => {
    const other = await createChannel(t.db, { status: 'SERVICE', live_status: 'SERVICE' });
    await addMember(t.db, other, ownerId, 'OWNER');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => call(t.app, 'POST', `/api/channels/${other}/lives/streams?title=k${i}`, owner)),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(20);
    expect(new Set(answers.filter((a) => a.statusCode !== 201).map((a) => a.json<{ code: string }>().code))).toEqual(new Set(['STREAM_KEY_LIMIT_REACHED']));
  });

  it('refuses changes when the channel or its live service is not in SERVICE', async () => {
    const paused = await createChannel(t.db, { status: 'SERVICE', live_status: 'PAUSE' });
    await addMember(t.db, paused, ownerId, 'OWNER');
    const response = await call(t.app, 'POST', `/api/channels/${paused}/lives/streams?title=x`, owner);
    expect([response.statusCode, response.json<{ code: string }>().code]).toEqual([403, 'CREATE_OPTION_DISABLED']);
    expect((await call(t.app, 'GET', `/api/channels/${paused}/lives/streams`, owner)).statusCode).toBe(200);
  });
});

describe('lives', () => {
  it('creates from a key, reads, edits, clones, lists with the spec filters, changes key, deletes', async () => {
    const key = await createKey('list key');
    const liveId = await createLive(key);
    const live = (await call(t.app, 'GET', `${base()}/${liveId}`, owner)).json<LiveDetail>();
    expect(live).toMatchObject({ liveId, title: 'list key', status: 'READY', kampChannelId: key.kampChannelId, thumbnailUrl: null });

    const edited = await call(t.app, 'PUT', `${base()}/${liveId}`, owner, { title: '  주간 토크 ', description: '첫 줄\n둘째 줄' });
    expect(edited.json<LiveDetail>()).toMatchObject({ title: '주간 토크', description: '첫 줄\n둘째 줄' });
    expect((await call(t.app, 'PUT', `${base()}/${liveId}`, owner, { title: '' })).statusCode).toBe(400);

    const cloned = await call(t.app, 'POST', `${base()}/${liveId}/clone`, owner);
    expect(cloned.statusCode).toBe(201);
    const clone = (await call(t.app, 'GET', `${base()}/${cloned.json<{ liveId: number }>().liveId}`, owner)).json<LiveDetail>();
    expect(clone).toMatchObject({ title: '주간 토크', description: '첫 줄\n둘째 줄', status: 'READY', kampChannelId: key.kampChannelId });

    const page = (await call(t.app, 'GET', `${base()}?kampChannelId=${key.kampChannelId}&status=READY,START&page=0&size=5&sort=createdAt,DESC`, owner)).json<LivePage>();
    expect(page.content.map((l) => l.liveId)).toEqual([clone.liveId, liveId]);
    expect(page).toMatchObject({ totalElements: 2, number: 0, size: 5, last: true, numberOfElements: 2 });
    const asc = (await call(t.app, 'GET', `${base()}?kampChannelId=${key.kampChannelId}&sort=createdAt,asc`, owner)).json<LivePage>();
    expect(asc.content.map((l) => l.liveId)).toEqual([liveId, clone.liveId]);
    expect((await call(t.app, 'GET', `${base()}?kampChannelId=${key.kampChannelId}&status=END`, owner)).json<LivePage>().totalElements).toBe(0);
    expect((await call(t.app, 'GET', base(), owner)).json<LivePage>().size).toBe(30);
    expect((await call(t.app, 'GET', `${base()}?title=${encodeURIComponent('주간')}&kampChannelId=${key.kampChannelId}`, owner)).json<LivePage>().totalElements).toBe(2);
    expect((await call(t.app, 'GET', `${base()}?sort=title,asc`, owner)).statusCode).toBe(400);

    const otherKey = await createKey('other key');
    const changed = await call(t.app, 'PUT', `${base()}/${liveId}/change-stream?kampChannelId=${otherKey.kampChannelId}`, owner);
    expect(changed.json<LiveDetail>().kampChannelId).toBe(otherKey.kampChannelId);

    expect((await call(t.app, 'DELETE', `${base()}/${liveId}`, owner)).statusCode).toBe(204);
    const again = await call(t.app, 'DELETE', `${base()}/${liveId}`, owner);
    expect([again.statusCode, again.json<{ code: string }>().code]).toEqual([404, 'LIVE_NOT_FOUND']);
    expect((await call(t.app, 'GET', `${base()}/${liveId}`, owner)).statusCode).toBe(404);
  });

  it('does not let one channel reach another channel\'s live or key through its own path', async () => {
    const key = await createKey('mine');
    const liveId = await createLive(key);
    const other = await createChannel(t.db, { status: 'SERVICE', live_status: 'SERVICE' });
    await addMember(t.db, other, ownerId, 'OWNER');
    expect((await call(t.app, 'GET', `/api/channels/${other}/lives/${liveId}`, owner)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/channels/${other}/lives/create?kampChannelId=${key.kampChannelId}`, owner)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/channels/${other}/lives/${liveId}`, owner)).statusCode).toBe(404);
  });

  it('starts only while video is received; close keeps it ended; wrong-state calls answer LIVE_STATE_CHANGED', async () => {
    const key = await createKey('lifecycle');
    const liveId = await createLive(key);
    const early = await call(t.app, 'POST', `${base()}/${liveId}/start`, owner);
    expect([early.statusCode, early.json<{ code: string }>().code]).toEqual([409, 'LIVE_NOT_RECEIVING']);
    const closeEarly = await call(t.app, 'POST', `${base()}/${liveId}/close`, owner);
    expect([closeEarly.statusCode, closeEarly.json<{ code: string }>().code]).toEqual([409, 'LIVE_STATE_CHANGED']);

    expect((await onPublish(key.streamKey)).statusCode).toBe(204);
    const state = (await call(t.app, 'GET', `${base()}/streams/state/${liveId}`, owner)).json<StreamState>();
    expect(state).toMatchObject({ liveId, status: 'READY', reception: 'RECEIVING' });

    const started = await call(t.app, 'POST', `${base()}/${liveId}/start`, manager);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<LiveDetail>()).toMatchObject({ status: 'START' });
    expect((await call(t.app, 'GET', `${base()}/streams`, owner)).json<StreamKey[]>().find((k) => k.id === key.id)?.isLive).toBe(true);
    const again = await call(t.app, 'POST', `${base()}/${liveId}/start`, owner);
    expect([again.statusCode, again.json<{ code: string }>().code]).toEqual([409, 'LIVE_STATE_CHANGED']);
    const rename = await call(t.app, 'PUT', `${base()}/streams/${key.kampChannelId}?title=new`, owner);
    expect([rename.statusCode, rename.json<{ code: string }>().code]).toEqual([409, 'STREAM_KEY_ON_AIR']);
    const del = await call(t.app, 'DELETE', `${base()}/${liveId}`, owner);
    expect([del.statusCode, del.json<{ code: string }>().code]).toEqual([409, 'LIVE_STATE_CHANGED']);
    const change = await call(t.app, 'PUT', `${base()}/${liveId}/change-stream?kampChannelId=${key.kampChannelId}`, owner);
    expect(change.statusCode).toBe(409);

    // One key feeds one on-air live: a second live of the same key cannot start.
    const second = await createLive(key);
    const secondStart = await call(t.app, 'POST', `${base()}/${second}/start`, owner);
    expect([secondStart.statusCode, secondStart.json<{ code: string }>().code]).toEqual([409, 'STREAM_KEY_IN_USE']);

    const info = (await call(t.app, 'GET', `${base()}/${liveId}/player-info`, owner)).json<{ playback: { url: string } | null }>();
    expect(info.playback?.url).toBe(`/live/${liveId}/index.m3u8`);
    expect(JSON.stringify(info)).not.toContain(key.streamKey);

    const closed = await call(t.app, 'POST', `${base()}/${liveId}/close`, owner);
    expect(closed.json<LiveDetail>()).toMatchObject({ status: 'END' });
    expect((await call(t.app, 'POST', `${base()}/${liveId}/close`, owner)).statusCode).toBe(409);
    expect((await call(t.app, 'GET', `${base()}/streams/state/${liveId}`, owner)).json<StreamState>().reception).toBe('ENDED');
    expect((await call(t.app, 'DELETE', `${base()}/${liveId}`, owner)).statusCode).toBe(204);
  });

  it('an encoder dropping while on air interrupts the live, notifies the owner and managers once, and reconnecting resumes it', async () => {
    const key = await createKey('drop');
    const liveId = await createLive(key);
    await onPublish(key.streamKey);
    expect((await call(t.app, 'POST', `${base()}/${liveId}/start`, owner)).statusCode).toBe(200);
    expect((await onPublishDone(key.streamKey)).statusCode).toBe(204);
    expect((await onPublishDone(key.streamKey)).statusCode).toBe(204);
    const state = (await call(t.app, 'GET', `${base()}/streams/state/${liveId}`, owner)).json<StreamState>();
    expect(state, JSON.stringify(state)).toMatchObject({ status: 'START', reception: 'INTERRUPTED', health: [{ code: 'STREAM_INTERRUPTED' }] });
    expect(new Date(state.graceEndsAt!).getTime() - new Date(state.interruptedAt!).getTime()).toBe(300_000);
    const notes = await t.db.selectFrom('notifications').select(['user_id', 'params']).where('type', '=', 'LIVE_INTERRUPTED').execute();
    expect(notes.map((n) => n.user_id).sort()).toEqual([ownerId, managerId].sort());
    await onPublish(key.streamKey);
    expect((await call(t.app, 'GET', `${base()}/streams/state/${liveId}`, owner)).json<StreamState>()).toMatchObject({ status: 'START', reception: 'RECEIVING' });
    await call(t.app, 'POST', `${base()}/${liveId}/close`, owner);
  });

  it('keeps the grace-period timer in the database: another server instance closes the live when it is due', async () => {
    const key = await createKey('durable');
    const liveId = await createLive(key);
    await onPublish(key.streamKey);
    expect((await call(t.app, 'POST', `${base()}/${liveId}/start`, owner)).statusCode).toBe(200);
    expect((await onPublishDone(key.streamKey)).statusCode).toBe(204);
    // A second app on the same database stands for the server after a restart.
    const restarted = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false, backgroundJobs: false });
    try {
      expect(await restarted.jobs.drain(GRACE_QUEUE, { ignoreStartAfter: true })).toBeGreaterThanOrEqual(1);
    } finally {
      await restarted.close();
    }
    const live = (await call(t.app, 'GET', `${base()}/${liveId}`, owner)).json<LiveDetail>();
    expect(live.status).toBe('END');
    const closedNotes = await t.db.selectFrom('notifications').select('user_id').where('type', '=', 'LIVE_AUTO_CLOSED').where('landing_url', 'like', `%/lives/${liveId}`).execute();
    expect(closedNotes).toHaveLength(2);
  });

  it('does not close a live whose encoder came back before the grace period ended', async () => {
    const key = await createKey('came back');
    const liveId = await createLive(key);
    await onPublish(key.streamKey);
    await call(t.app, 'POST', `${base()}/${liveId}/start`, owner);
    await onPublishDone(key.streamKey);
    await onPublish(key.streamKey);
    await t.app.jobs.drain(GRACE_QUEUE, { ignoreStartAfter: true });
    expect((await call(t.app, 'GET', `${base()}/${liveId}`, owner)).json<LiveDetail>().status).toBe('START');
    await call(t.app, 'POST', `${base()}/${liveId}/close`, owner);
  });

  it('stores an uploaded thumbnail at quality 75 with its 100x66 crop; refuses what is not an image', async () => {
    const key = await createKey('thumb');
    const liveId = await createLive(key);
    const png = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const upload = (body: Buffer, name: string) => {
      const boundary = 'studio-boundary';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`),
        body,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({ method: 'POST', url: `${base()}/${liveId}/thumbnails`, payload, headers: { cookie: owner, origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    };
    const answer = await upload(png, '../../etc/passwd.png');
    expect(answer.statusCode, answer.body).toBe(200);
    const { thumbnailUrl } = answer.json<{ thumbnailUrl: string }>();
    expect(thumbnailUrl).toMatch(/^\/media\/thumbnails\/[0-9a-f-]+\.jpg$/);
    expect((await call(t.app, 'GET', `${base()}/${liveId}`, owner)).json<LiveDetail>().thumbnailUrl).toBe(thumbnailUrl);
    const full = await t.app.inject({ method: 'GET', url: thumbnailUrl });
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
    const crop = await t.app.inject({ method: 'GET', url: layerThumbnailUrl(thumbnailUrl) });
    expect(crop.statusCode).toBe(200);
    expect(await sharp(crop.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 100, height: 66 });
    // Spec section 9, "Thumbnails: quality 75", the thumbnail and its crop alike.
    expect([await jpegQuality(full.rawPayload), await jpegQuality(crop.rawPayload)]).toEqual([75, 75]);
    const notImage = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'x.png');
    expect([notImage.statusCode, notImage.json<{ code: string }>().code]).toEqual([400, 'UPLOAD_NOT_IMAGE']);
    const noLive = await t.app.inject({ method: 'POST', url: `${base()}/999999/thumbnails`, payload: 'x', headers: { cookie: owner, origin: ORIGIN, 'content-type': 'multipart/form-data; boundary=b' } });
    expect(noLive.statusCode).toBe(404);
  });

  it('never has more than 5 lives of a channel on air, whatever 50 parallel start calls do', async () => {
    const channel = await createChannel(t.db, { status: 'SERVICE', live_status: 'SERVICE' });
    await addMember(t.db, channel, ownerId, 'OWNER');
    const liveIds: number[] = [];
    for (let i = 0; i < 10; i++) {
      const created = await call(t.app, 'POST', `/api/channels/${channel}/lives/streams?title=k${i}`, owner);
      const kamp = created.json<{ kampChannelId: string }>().kampChannelId;
      const key = (await call(t.app, 'GET', `/api/channels/${channel}/lives/streams`, owner)).json<StreamKey[]>().find((k) => k.kampChannelId === kamp)!;
      await onPublish(key.streamKey);
      liveIds.push((await call(t.app, 'POST', `/api/channels/${channel}/lives/create?kampChannelId=${kamp}`, owner)).json<{ liveId: number }>().liveId);
    }
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => call(t.app, 'POST', `/api/channels/${channel}/lives/${liveIds[i % 10]}/start`, owner)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409), answers.map((a) => a.statusCode).join()).toBe(true);
    // A refused start says why: the channel's limit, or (a live started twice at once) its changed state.
    const refusals = answers.filter((a) => a.statusCode === 409).map((a) => a.json<{ code: string }>().code);
    expect(refusals).toContain('LIVE_LIMIT_REACHED');
    expect(refusals.filter((code) => code !== 'LIVE_LIMIT_REACHED' && code !== 'LIVE_STATE_CHANGED')).toEqual([]);
    const onAir = await t.db.selectFrom('lives').select('id').where('channel_id', '=', channel).where('status', '=', 'START').execute();
    expect(onAir).toHaveLength(5);
    // And a sixth, asked alone afterwards, is refused for the limit (spec section 9: at most 5).
    const waiting = liveIds.find((id) => !onAir.some((live) => live.id === id))!;
    const sixth = await call(t.app, 'POST', `/api/channels/${channel}/lives/${waiting}/start`, owner);
    expect([sixth.statusCode, sixth.json<{ code: string }>().code]).toEqual([409, 'LIVE_LIMIT_REACHED']);
  });

  it('refuses the nginx callbacks without the token', async () => {
    const key = await createKey('nginx');
    expect((await onPublish(key.streamKey, 'wrong-token-0123456789')).statusCode).toBe(403);
    expect((await onPublish('live_0000000000000000000000000000000000000000')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/ingest/on_publish', payload: `app=live&name=${key.streamKey}`, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN } })).statusCode).toBe(403);
  });
});
