import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentDetail, CreatedContent } from '@studio/contract/content';
import { Loop } from '@studio/contract/loop';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { call, createTestApp, type TestContext } from '../helper';
import { makeClips } from './clips';
import { uploadWhole } from './tus';

// Issue 22: a loop's rendition is private until its content is public, and read only through the studio's access check.

let t: TestContext;
let clips: ReturnType<typeof makeClips>;
let channel: number;
let ownerCookie: string;
let creditCookie: string;
let strangerCookie: string;

const read = (url: string, cookie?: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
const loopOf = async (id: string) => Loop.parse((await call(t.app, 'GET', `/api/channels/${channel}/loops/${id}`, ownerCookie)).json());
const contentOf = async (id: number) => ContentDetail.parse((await call(t.app, 'GET', `/api/channels/${channel}/contents/${id}`, ownerCookie)).json());

async function processedLoop(): Promise<Loop> {
  const id = await uploadWhole(t.app, channel, ownerCookie, clips.vertical);
  expect(await t.app.jobs.drain('loop.process')).toBe(1);
  const loop = await loopOf(id);
  expect(loop.status).toBe('COMPLETE');
  return loop;
}

beforeAll(async () => {
  clips = makeClips();
  t = await createTestApp({ env: { LOOP_MAX_SECONDS: '5', LOOP_MAX_BYTES: '20000000' } });
  const owner = await createPerson(t.db);
  const credit = await createPerson(t.db);
  const stranger = await createPerson(t.db);
  ownerCookie = await t.cookieFor(owner.userId);
  creditCookie = await t.cookieFor(credit.userId);
  strangerCookie = await t.cookieFor(stranger.userId);
  channel = await createChannel(t.db, { name: '비공개 미디어 채널', channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await addMember(t.db, channel, owner.userId, 'OWNER');
  await addMember(t.db, channel, credit.userId, 'CREDIT_MANAGER');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('a loop rendition is read through the access check', () => {
  it('before publishing: the channel crew reads it privately; nobody else learns that it exists', async () => {
    const loop = await processedLoop();
    const url = loop.videoUrl!;
    for (const cookie of [ownerCookie, creditCookie]) {
      const answer = await read(url, cookie);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('video/mp4');
      expect(answer.headers['cache-control']).toBe('private, no-cache');
    }
    const crewRange = await read(url, ownerCookie, { range: 'bytes=0-99' });
    expect(crewRange.statusCode).toBe(206);
    const etag = crewRange.headers.etag as string;
    expect((await read(url, ownerCookie, { 'if-none-match': etag })).statusCode).toBe(304);

    const never = url.replace(/[^/]+\.mp4$/, '00000000-0000-4000-8000-000000000000.mp4');
    for (const cookie of [undefined, strangerCookie]) {
      const answers = [await read(url, cookie), await read(url, cookie, { range: 'bytes=0-99' }), await read(url, cookie, { 'if-none-match': etag }), await read(never, cookie)];
      // The same answer as for a name never written: no 304, no 206, no 403.
      expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
      expect(answers[0]!.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    // Thumbnails stay public by unguessable name (the picker shows them; decision 048).
    expect((await read(loop.thumbnails[0]!.url)).statusCode).toBe(200);
  }, 60_000);

  it('public while its content is public on a channel in service, cached a minute; hidden, stopped or deleted, private again', async () => {
    const loop = await processedLoop();
    const url = loop.videoUrl!;
    const published = await call(t.app, 'POST', `/api/channels/${channel}/loops/${loop.id}/publish`, ownerCookie, { title: '공개 루프', thumbnailIndex: 0 });
    expect(published.statusCode, published.body).toBe(201);
    const { contentId } = CreatedContent.parse(published.json());

    const open = await read(url);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('public, max-age=60');
    expect((await read(url, undefined, { 'if-none-match': open.headers.etag as string })).statusCode).toBe(304);

    const hidden = await call(t.app, 'POST', `/api/channels/${channel}/contents/${contentId}/hide`, ownerCookie, { version: (await contentOf(contentId)).version });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await read(url)).statusCode).toBe(404);
    expect((await read(url, strangerCookie)).statusCode).toBe(404);
    expect((await read(url, ownerCookie)).headers['cache-control']).toBe('private, no-cache');

    const unhidden = await call(t.app, 'POST', `/api/channels/${channel}/contents/${contentId}/unhide`, ownerCookie, { version: (await contentOf(contentId)).version });
    expect(unhidden.statusCode, unhidden.body).toBe(200);
    expect((await read(url)).statusCode).toBe(200);

    // Stopped by the operator: the channel's public media goes with its public pages.
    await sql`UPDATE channels SET status = 'STOP' WHERE id = ${channel}`.execute(t.db);
    try {
      expect((await read(url)).statusCode).toBe(404);
      expect((await read(url, ownerCookie)).statusCode).toBe(200);
    } finally {
      await sql`UPDATE channels SET status = 'SERVICE' WHERE id = ${channel}`.execute(t.db);
    }
    expect((await read(url)).statusCode).toBe(200);
  }, 60_000);
});
