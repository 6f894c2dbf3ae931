import { readFileSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@studio/contract/errors';
import { Loop, LoopLimits, LoopList } from '@studio/contract/loop';
import { MEDIA_REMOVE_QUEUE } from '../../src/media/media-jobs';
import { addMember, createChannel, createPerson, type Person } from '../../src/seed/factories';
import { ORIGIN, call, createTestApp, stored, type TestContext } from '../helper';
import { makeClips } from './clips';
import { tusHeaders } from './tus';

let t: TestContext;
let clips: ReturnType<typeof makeClips>;
let owner: Person;
let ownerCookie: string;
let managerCookie: string;
let strangerCookie: string;
let channel: number;
let noShorts: number;

async function create(cookie: string, bytes: number, channelId = channel) {
  return t.app.inject({ method: 'POST', url: `/api/channels/${channelId}/loops/uploads`, headers: tusHeaders(cookie, { 'upload-length': String(bytes) }) });
}

async function patch(cookie: string, location: string, offset: number, body: Buffer) {
  return t.app.inject({
    method: 'PATCH',
    url: location,
    headers: tusHeaders(cookie, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
    payload: body,
  });
}

/** Uploads a whole file in two requests, as a resumed upload would; answers the last PATCH. */
async function upload(cookie: string, file: string) {
  const bytes = readFileSync(file);
  const created = await create(cookie, bytes.length);
  expect(created.statusCode).toBe(201);
  const location = created.headers.location as string;
  const half = Math.floor(bytes.length / 2);
  const first = await patch(cookie, location, 0, bytes.subarray(0, half));
  expect(first.statusCode).toBe(204);
  // Where to resume: the server says how much it has.
  const head = await t.app.inject({ method: 'HEAD', url: location, headers: tusHeaders(cookie) });
  expect(head.headers['upload-offset']).toBe(String(half));
  const last = await patch(cookie, location, half, bytes.subarray(half));
  return { location, id: location.split('/').pop() as string, last };
}

const loopOf = async (id: string, cookie = ownerCookie) => Loop.parse((await call(t.app, 'GET', `/api/channels/${channel}/loops/${id}`, cookie)).json());

beforeAll(async () => {
  clips = makeClips();
  t = await createTestApp({ env: { LOOP_MAX_SECONDS: '5', LOOP_MAX_BYTES: '20000000' } });
  owner = await createPerson(t.db);
  const manager = await createPerson(t.db);
  const stranger = await createPerson(t.db);
  ownerCookie = await t.cookieFor(owner.userId);
  managerCookie = await t.cookieFor(manager.userId);
  strangerCookie = await t.cookieFor(stranger.userId);
  channel = await createChannel(t.db, { name: '루프 채널', channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  noShorts = await createChannel(t.db, { name: '루프 꺼짐', channel_type: 'MEDIA_CHANNEL', shorts_status: 'PAUSE' });
  for (const id of [channel, noShorts]) await addMember(t.db, id, owner.userId, 'OWNER');
  await addMember(t.db, channel, manager.userId, 'MANAGER');
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('loop upload (tus) and processing (ffmpeg)', () => {
  it('answers its limits', async () => {
    const limits = LoopLimits.parse((await call(t.app, 'GET', `/api/channels/${channel}/loops/limits`, managerCookie)).json());
    expect(limits).toMatchObject({ maxBytes: 20_000_000, maxSeconds: 5 });
  });

  it('takes a vertical clip in two requests, then makes a 9:16 H.264/AAC rendition and three thumbnails', async () => {
    const { id, last } = await upload(ownerCookie, clips.vertical);
    expect(last.statusCode).toBe(204);
    expect((await loopOf(id)).status).toBe('RESERVED');
    // The file is stored under the server's name, not the uploader's.
    expect(readdirSync(path.join(t.config.dataDir, 'uploads', 'loops'))).toContain(id);

    expect(await t.app.jobs.drain('loop.process')).toBe(1);
    const loop = await loopOf(id);
    expect(loop).toMatchObject({ status: 'COMPLETE', progress: 100, width: 540, height: 960, thumbnailIndex: 0, errorCode: null });
    expect(loop.durationSeconds).toBeGreaterThan(2.5);
    expect(loop.thumbnails).toHaveLength(3);
    // Not published: read through the access check, as the studio's preview does.
    const video = await t.app.inject({ method: 'GET', url: loop.videoUrl!, headers: { cookie: ownerCookie } });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    // Fast start: the index (moov) comes before the media data (mdat).
    const bytes = video.rawPayload;
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    const thumb = await t.app.inject({ method: 'GET', url: loop.thumbnails[1]!.url });
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    // The original is gone once the rendition exists.
    expect(existsSync(path.join(t.config.dataDir, 'uploads', 'loops', id))).toBe(false);
    // The uploader is told, once.
    const told = await sql<{ n: number }>`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${owner.userId} AND type = 'LOOP_PROCESSED'`.execute(t.db);
    expect(told.rows[0]?.n).toBe(1);

    const chosen = await call(t.app, 'PUT', `/api/channels/${channel}/loops/${id}/thumbnail`, ownerCookie, { index: 2 });
    expect(Loop.parse(chosen.json()).thumbnailIndex).toBe(2);
    expect((await call(t.app, 'PUT', `/api/channels/${channel}/loops/${id}/thumbnail`, ownerCookie, { index: 7 })).statusCode).toBe(400);
  }, 60_000);

  it('refuses by content, whatever the name says: a text file, an audio file, a clip cut short, a clip too long', async () => {
    for (const [file, code] of [
      [clips.text, 'LOOP_NOT_VIDEO'],
      [clips.audioOnly, 'LOOP_NOT_VIDEO'],
      [clips.truncated, 'LOOP_DAMAGED'],
      [clips.long, 'LOOP_TOO_LONG'],
    ] as const) {
      const { id, last } = await upload(ownerCookie, file);
      expect(last.statusCode, file).toBe(400);
      expect(ErrorBody.parse(JSON.parse(last.body)).code, file).toBe(code);
      const loop = await loopOf(id);
      expect(loop, file).toMatchObject({ status: 'ERROR', errorCode: code });
      expect(existsSync(path.join(t.config.dataDir, 'uploads', 'loops', id)), file).toBe(false);
    }
    expect(await t.app.jobs.drain('loop.process')).toBe(0);
  }, 60_000);

  it('never follows a file that names other files: a playlist or a concat list pointing into the server\'s disk is not a video, nor is a bare MPEG-TS', async () => {
    for (const file of [clips.playlist, clips.concatList, clips.segment]) {
      const { id, last } = await upload(ownerCookie, file);
      expect(last.statusCode, file).toBe(400);
      expect(ErrorBody.parse(JSON.parse(last.body)).code, file).toBe('LOOP_NOT_VIDEO');
      expect(await loopOf(id), file).toMatchObject({ status: 'ERROR', errorCode: 'LOOP_NOT_VIDEO' });
    }
    expect(await t.app.jobs.drain('loop.process')).toBe(0);
  }, 60_000);

  it('refuses a file over the size limit before a byte is stored, and an upload without a length', async () => {
    const big = await create(ownerCookie, 20_000_001);
    expect(big.statusCode).toBe(413);
    expect(ErrorBody.parse(big.json()).code).toBe('UPLOAD_TOO_LARGE');
    const deferred = await t.app.inject({ method: 'POST', url: `/api/channels/${channel}/loops/uploads`, headers: tusHeaders(ownerCookie, { 'upload-defer-length': '1' }) });
    expect(deferred.statusCode).toBe(400);
    const loops = LoopList.parse((await call(t.app, 'GET', `/api/channels/${channel}/loops`, ownerCookie)).json());
    expect(loops.content.every((loop) => loop.totalBytes <= 20_000_000)).toBe(true);
  });

  it('only the channel team uploads, only where the create menu offers loops, and only the uploader continues an upload', async () => {
    expect((await create(strangerCookie, 1000)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/channels/${channel}/loops/uploads`, headers: { origin: ORIGIN, 'upload-length': '1000' } })).statusCode).toBe(401);
    const paused = await create(ownerCookie, 1000, noShorts);
    expect(paused.statusCode).toBe(403);
    expect(ErrorBody.parse(paused.json()).code).toBe('CREATE_OPTION_DISABLED');
    expect((await create(ownerCookie, 1000, 999_999)).statusCode).toBe(404);

    const created = await create(ownerCookie, 1000);
    const location = created.headers.location as string;
    expect((await patch(managerCookie, location, 0, Buffer.alloc(10))).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'HEAD', url: location, headers: tusHeaders(strangerCookie) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'HEAD', url: `/api/channels/${channel}/loops/uploads/not-a-uuid`, headers: tusHeaders(ownerCookie) })).statusCode).toBe(400);
    // Cancel: the upload and its row are gone; a repeat finds nothing.
    const cancelled = await t.app.inject({ method: 'DELETE', url: location, headers: tusHeaders(ownerCookie) });
    expect(cancelled.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url: location, headers: tusHeaders(ownerCookie) })).statusCode).toBe(404);
  });

  it('stop, retry and delete answer by state, and a retried loop completes', async () => {
    const { id } = await upload(ownerCookie, clips.vertical);
    const stopped = await call(t.app, 'POST', `/api/channels/${channel}/loops/${id}/stop`, ownerCookie);
    expect(Loop.parse(stopped.json()).status).toBe('STOP');
    expect(Loop.parse((await call(t.app, 'POST', `/api/channels/${channel}/loops/${id}/stop`, ownerCookie)).json()).status).toBe('STOP');
    // The queued job finds the loop stopped and does nothing.
    await t.app.jobs.drain('loop.process');
    expect((await loopOf(id)).status).toBe('STOP');
    const retried = await call(t.app, 'POST', `/api/channels/${channel}/loops/${id}/retry`, managerCookie);
    expect(Loop.parse(retried.json()).status).toBe('RESERVED');
    expect(await t.app.jobs.drain('loop.process')).toBe(1);
    expect((await loopOf(id)).status).toBe('COMPLETE');
    expect((await call(t.app, 'POST', `/api/channels/${channel}/loops/${id}/retry`, ownerCookie)).statusCode).toBe(409);
    expect((await call(t.app, 'DELETE', `/api/channels/${channel}/loops/${id}`, strangerCookie)).statusCode).toBe(403);
    const done = await loopOf(id);
    const files = [done.videoUrl!, ...done.thumbnails.map((thumbnail) => thumbnail.url)];
    expect(files).toHaveLength(4);
    expect((await call(t.app, 'DELETE', `/api/channels/${channel}/loops/${id}`, ownerCookie)).statusCode).toBe(204);
    expect((await call(t.app, 'DELETE', `/api/channels/${channel}/loops/${id}`, ownerCookie)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/channels/${channel}/loops/${id}`, ownerCookie)).statusCode).toBe(404);
    // Its files go with the job the delete queued, once.
    expect(await t.app.jobs.drain(MEDIA_REMOVE_QUEUE)).toBe(1);
    for (const url of files) expect(await stored(t, url), url).toBe(false);
  }, 60_000);
});
