import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createChannel, createLive, createPerson, createStreamKey } from '../../src/seed/factories';
import { createTestApp, type TestContext } from '../helper';

/**
 * Public HLS (`/live/<liveId>/<file>`) answers one byte range as /media does (issue 22): 206 with
 * Content-Range and those bytes, 416 with the size past the end. Here on disk (the recording's folder);
 * the bucket's side is in media/media-s3-ready.test.ts.
 */

let t: TestContext;
let liveId: number;
// Every byte different from its neighbours, so a range shifted by one is caught.
const segment = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createPerson(t.db);
  const channel = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL' });
  await addMember(t.db, channel, owner.userId, 'OWNER');
  const key = await createStreamKey(t.db, { channel_id: channel, title: 'range', created_at: new Date() });
  liveId = await createLive(t.db, { channel_id: channel, stream_key_id: key.id, title: '구간 읽기', status: 'START', air_slot: 1, started_at: new Date(), created_at: new Date() });
  const folder = path.join(t.config.dataDir, 'live', String(liveId));
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'segment-00001.ts'), segment);
});

afterAll(async () => {
  await t?.close();
});

const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/live/${liveId}/segment-00001.ts`, headers });

describe('public HLS by range', () => {
  it('serves a segment whole, one range of it (206), a suffix, and 416 past its end', async () => {
    const whole = await get();
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/mp2t');
    expect(whole.headers['content-length']).toBe('1000');
    expect(whole.rawPayload.equals(segment)).toBe(true);

    const part = await get({ range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/1000');
    expect(part.headers['content-length']).toBe('100');
    expect(part.headers['cache-control']).toBe(whole.headers['cache-control']);
    expect(part.rawPayload.equals(segment.subarray(100, 200))).toBe(true);

    const tail = await get({ range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe('bytes 990-999/1000');
    expect(tail.rawPayload.equals(segment.subarray(990))).toBe(true);

    const past = await get({ range: 'bytes=1000-' });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */1000');

    // No validator on these files: an If-Range cannot match, so the whole segment is sent.
    const conditional = await get({ range: 'bytes=100-199', 'if-range': '"anything"' });
    expect(conditional.statusCode).toBe(200);
    expect(conditional.rawPayload.equals(segment)).toBe(true);

    expect((await t.app.inject({ method: 'GET', url: `/live/${liveId}/segment-00002.ts`, headers: { range: 'bytes=0-9' } })).statusCode).toBe(404);
  });
});
