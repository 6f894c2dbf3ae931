import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@studio/contract/errors';
import { Loop } from '@studio/contract/loop';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { call, createTestApp, type TestContext } from '../helper';
import { makeHostileClips } from './hostile-clips';
import { tusHeaders } from './tus';

/**
 * Issue 20's outside probe, re-run: a loop is judged by what its file holds (its frames), never by
 * what its header says, and a frame too large or too fast is refused before anything decodes it.
 */

let t: TestContext;
let clips: ReturnType<typeof makeHostileClips>;
let cookie: string;
let channel: number;

/** Uploads a whole file in one PATCH and answers that PATCH (the upload's verdict) and the loop id. */
async function send(file: string) {
  const bytes = readFileSync(file);
  const created = await t.app.inject({ method: 'POST', url: `/api/channels/${channel}/loops/uploads`, headers: tusHeaders(cookie, { 'upload-length': String(bytes.length) }) });
  expect(created.statusCode).toBe(201);
  const location = created.headers.location as string;
  const last = await t.app.inject({ method: 'PATCH', url: location, headers: tusHeaders(cookie, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }), payload: bytes });
  return { id: location.split('/').pop() as string, last };
}

const loopOf = async (id: string) => Loop.parse((await call(t.app, 'GET', `/api/channels/${channel}/loops/${id}`, cookie)).json());

beforeAll(async () => {
  clips = makeHostileClips();
  t = await createTestApp({ env: { LOOP_MAX_SECONDS: '180' } });
  const owner = await createPerson(t.db);
  cookie = await t.cookieFor(owner.userId);
  channel = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await addMember(t.db, channel, owner.userId, 'OWNER');
}, 120_000);

afterAll(async () => {
  await t.close();
  rmSync(clips.dir, { recursive: true, force: true });
});

describe('hostile loop files (issue 20)', () => {
  it.each([
    ['a Matroska file declaring 2 s that holds 400 s of frames', () => clips.lying400, 'LOOP_TOO_LONG'],
    ['a 16000x16000 frame', () => clips.huge, 'LOOP_RESOLUTION_TOO_HIGH'],
    ['a frame 4098 pixels wide', () => clips.wide, 'LOOP_RESOLUTION_TOO_HIGH'],
    ['120 frames per second', () => clips.fast, 'LOOP_FRAME_RATE_TOO_HIGH'],
  ])('refuses %s when its upload finishes, with the reason, and keeps nothing of it', async (_what, file, code) => {
    const { id, last } = await send(file());
    expect(last.statusCode).toBe(400);
    expect(ErrorBody.parse(JSON.parse(last.body)).code).toBe(code);
    expect(await loopOf(id)).toMatchObject({ status: 'ERROR', errorCode: code });
    expect(existsSync(path.join(t.config.dataDir, 'uploads', 'loops', id))).toBe(false);
    expect(await t.app.jobs.drain('loop.process')).toBe(0);
  }, 60_000);

  it('lists a loop by the length its frames play, not the 2 s its header declares', async () => {
    const { id, last } = await send(clips.lying12);
    expect(last.statusCode).toBe(204);
    expect(await t.app.jobs.drain('loop.process')).toBe(1);
    const loop = await loopOf(id);
    expect(loop.status).toBe('COMPLETE');
    // 24 frames at 2 per second: 12 s, measured on the rendition players get.
    expect(loop.durationSeconds).toBeGreaterThan(11.5);
    expect(loop.durationSeconds).toBeLessThan(12.5);
  }, 60_000);

  it('refuses a frame over the pixel bound that comes after small ones: the decoder itself is bounded, whatever was probed', async () => {
    const { id, last } = await send(clips.switching);
    // Everything ffprobe reads before decoding says 64x64: the upload is taken.
    expect(last.statusCode).toBe(204);
    expect(await t.app.jobs.drain('loop.process')).toBe(1);
    expect(await loopOf(id)).toMatchObject({ status: 'ERROR', errorCode: 'LOOP_RESOLUTION_TOO_HIGH' });
    expect(await t.app.jobs.drain('loop.process')).toBe(0);
  }, 60_000);

  it('cuts the rendition at the limit when a clip is taken within its tolerance, and lists the length made', async () => {
    const { id, last } = await send(clips.justOver);
    expect(last.statusCode).toBe(204);
    expect(await t.app.jobs.drain('loop.process')).toBe(1);
    const loop = await loopOf(id);
    expect(loop.status).toBe('COMPLETE');
    expect(loop.durationSeconds).toBeGreaterThan(179.5);
    expect(loop.durationSeconds).toBeLessThanOrEqual(180.05);
  }, 120_000);

  it('takes 60 frames per second, the highest rate allowed', async () => {
    const { id, last } = await send(clips.sixty);
    expect(last.statusCode).toBe(204);
    expect(await t.app.jobs.drain('loop.process')).toBe(1);
    expect((await loopOf(id)).status).toBe('COMPLETE');
  }, 60_000);
});
