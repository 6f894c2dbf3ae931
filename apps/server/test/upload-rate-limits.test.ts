import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@studio/contract/errors';
import { addMember, createChannel, createPerson } from '../src/seed/factories';
import { call, createTestApp, ORIGIN, type TestContext } from './helper';
import { tusHeaders } from './loops/tus';

let t: TestContext;
let channel: number;
let png: Buffer;

/** A member (manager) of the channel, with a session. */
async function person() {
  const created = await createPerson(t.db);
  await addMember(t.db, channel, created.userId, 'MANAGER');
  return t.cookieFor(created.userId);
}

function multipart(file: Buffer) {
  const boundary = `----studio${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, 'content-type': `multipart/form-data; boundary=${boundary}` };
}

function postFile(url: string, cookie: string) {
  const { payload, 'content-type': type } = multipart(png);
  return t.app.inject({ method: 'POST', url, headers: { cookie, origin: ORIGIN, 'content-type': type }, payload });
}

/** Every answer refused for the rate is the catalogue's 429 RATE_LIMITED. */
function expectRateLimited(answers: { statusCode: number; json(): unknown }[], url: string) {
  for (const answer of answers.filter((a) => a.statusCode === 429)) expect(ErrorBody.parse(answer.json())).toMatchObject({ code: 'RATE_LIMITED', path: url.split('?')[0], extra: null });
}

beforeAll(async () => {
  // Image routes keep the default allowance (the probe's 75 a minute is over it); the loop routes get small ones.
  t = await createTestApp({ env: { LOOP_MAX_BYTES: '20000000', LOOP_UNFINISHED_MAX: '100', LOOP_UPLOAD_STARTS_PER_MINUTE: '5', LOOP_UPLOAD_CHUNKS_PER_MINUTE: '10' } });
  channel = await createChannel(t.db, { name: '올리기 채널', channel_type: 'MEDIA_CHANNEL', status: 'SERVICE', live_status: 'SERVICE', shorts_status: 'SERVICE' });
  png = await sharp({ create: { width: 64, height: 36, channels: 3, background: '#3366cc' } }).png().toBuffer();
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('every upload route has a per-person allowance a minute', () => {
  it('re-runs the probe: 75 live thumbnails in a minute; the allowance is stored, the rest is 429 before anything is decoded; another person keeps theirs', async () => {
    const cookie = await person();
    const key = await call(t.app, 'POST', `/api/channels/${channel}/lives/streams?title=${encodeURIComponent('썸네일 키')}`, cookie);
    expect(key.statusCode, key.body).toBe(201);
    const live = await call(t.app, 'POST', `/api/channels/${channel}/lives/create?kampChannelId=${key.json<{ kampChannelId: string }>().kampChannelId}`, cookie);
    expect(live.statusCode, live.body).toBe(201);
    const url = `/api/channels/${channel}/lives/${live.json<{ liveId: number }>().liveId}/thumbnails`;
    const thumbnails = path.join(t.config.dataDir, 'media', 'thumbnails');
    const stored = () => (existsSync(thumbnails) ? readdirSync(thumbnails).length : 0);
    const before = stored();

    const answers = [];
    for (let i = 0; i < 75; i += 1) answers.push(await postFile(url, cookie));
    const allowance = t.config.uploadRateLimitPerMinute;
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(allowance);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(75 - allowance);
    expectRateLimited(answers, url);
    // Each stored thumbnail is two files (the picture and its layer crop).
    expect(stored() - before).toBe(2 * allowance);
    expect((await postFile(url, await person())).statusCode).toBe(200);
  }, 120_000);

  it('a channel profile image (the application form) has the same allowance per person', async () => {
    const cookie = await person();
    const url = '/api/applications/profile-image';
    const answers = [];
    for (let i = 0; i <= t.config.uploadRateLimitPerMinute; i += 1) answers.push(await postFile(url, cookie));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(t.config.uploadRateLimitPerMinute);
    expect(answers.at(-1)?.statusCode).toBe(429);
    expectRateLimited(answers, url);
  }, 120_000);

  it('loop uploads: starts (tus creation) and pieces (tus PATCH) each have theirs', async () => {
    const cookie = await person();
    const url = `/api/channels/${channel}/loops/uploads`;
    const starts = [];
    for (let i = 0; i < t.config.loops.startsPerMinute + 2; i += 1) starts.push(await t.app.inject({ method: 'POST', url, headers: tusHeaders(cookie, { 'upload-length': '1000' }) }));
    expect(starts.map((answer) => answer.statusCode)).toEqual([...Array<number>(t.config.loops.startsPerMinute).fill(201), 429, 429]);
    expectRateLimited(starts, url);

    const location = starts[0]!.headers.location as string;
    const pieces = [];
    for (let offset = 0; offset < t.config.loops.chunksPerMinute + 2; offset += 1) {
      pieces.push(await t.app.inject({ method: 'PATCH', url: location, headers: tusHeaders(cookie, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }), payload: Buffer.from([1]) }));
    }
    expect(pieces.map((answer) => answer.statusCode)).toEqual([...Array<number>(t.config.loops.chunksPerMinute).fill(204), 429, 429]);
    expectRateLimited(pieces, location);
    // The upload itself is intact: it has what was let through and continues from there.
    const head = await t.app.inject({ method: 'HEAD', url: location, headers: tusHeaders(cookie) });
    expect(head.headers['upload-offset']).toBe(String(t.config.loops.chunksPerMinute));
  });
});
