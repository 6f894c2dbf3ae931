import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentDetail } from '@studio/contract/content';
import { earliestReservationSlot } from '@studio/contract/reservation';
import { PUBLISH_QUEUE } from '../src/modules/contents/content-service';
import { addMember, createChannel, createPerson, type Person } from '../src/seed/factories';
import { call, createTestApp, ORIGIN, type TestContext } from './helper';

let t: TestContext;
let owner: Person;
let ownerCookie: string;
let managerCookie: string;
let strangerCookie: string;
let channel: number;
let other: number;
let noWriting: number;
let waiting: number;

function send(app: FastifyInstance, method: 'PATCH' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) {
  return app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });
}

const base = (id: number) => `/api/channels/${id}/contents`;

async function createDraft(cookie = ownerCookie, body: object = { kind: 'CONTENT_VIEW', title: '제목', body: '<p>본문</p>' }, at = channel): Promise<ContentDetail> {
  const response = await call(t.app, 'POST', base(at), cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ContentDetail>();
}

async function act(content: ContentDetail, action: string, body: object = {}, cookie = ownerCookie) {
  return send(t.app, 'POST', `${base(content.channelId)}/${content.id}/${action}`, cookie, { version: content.version, ...body });
}

async function detail(id: number, at = channel): Promise<ContentDetail> {
  const response = await call(t.app, 'GET', `${base(at)}/${id}`, ownerCookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ContentDetail>();
}

/** A multipart body with one file, as a browser's FormData would send it. */
function multipart(filename: string, type: string, data: Buffer) {
  const boundary = `----studio${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function upload(at: number, cookie: string, filename: string, type: string, data: Buffer) {
  const body = multipart(filename, type, data);
  return t.app.inject({ method: 'POST', url: `${base(at)}/images`, headers: { cookie, origin: ORIGIN, ...body.headers }, payload: body.payload });
}

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3366ff' } }).png().toBuffer();

const earliest = () => earliestReservationSlot(t.clock.now()).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  owner = await createPerson(t.db, { name: '작성자' });
  const manager = await createPerson(t.db);
  const stranger = await createPerson(t.db);
  ownerCookie = await t.cookieFor(owner.userId);
  managerCookie = await t.cookieFor(manager.userId);
  strangerCookie = await t.cookieFor(stranger.userId);
  const writable = { channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true } as const;
  channel = await createChannel(t.db, { name: '스튜디오 데일리', ...writable });
  other = await createChannel(t.db, { name: '다른 채널', ...writable });
  noWriting = await createChannel(t.db, { name: '글쓰기 꺼짐', channel_type: 'MEDIA_CHANNEL', use_document_write: false, use_post_write: false });
  waiting = await createChannel(t.db, { name: '대기', status: 'WAIT', ...writable });
  for (const id of [channel, other, noWriting, waiting]) await addMember(t.db, id, owner.userId, 'OWNER');
  await addMember(t.db, channel, manager.userId, 'MANAGER');
});

afterAll(async () => {
  await t.close();
});

describe('create and read', () => {
  it('starts a draft at version 1, readable by any role on the channel', async () => {
    const draft = await createDraft(managerCookie);
    expect(draft).toMatchObject({ kind: 'CONTENT_VIEW', status: 'DRAFT', version: 1, title: '제목', body: '<p>본문</p>', channelId: channel, reservedAt: null, publishedAt: null });
    expect(await detail(draft.id)).toEqual(draft);
  });

  it('answers 401 without a session, 403 to a stranger, 404 for what is not in this channel, 400 for a bad id', async () => {
    const draft = await createDraft();
    expect((await call(t.app, 'GET', `${base(channel)}/${draft.id}`)).statusCode).toBe(401);
    const stranger = await call(t.app, 'GET', `${base(channel)}/${draft.id}`, strangerCookie);
    expect([stranger.statusCode, stranger.json<{ code: string }>().code]).toEqual([403, 'CHANNEL_ACCESS_DENIED']);
    const elsewhere = await call(t.app, 'GET', `${base(other)}/${draft.id}`, ownerCookie);
    expect([elsewhere.statusCode, elsewhere.json<{ code: string }>().code]).toEqual([404, 'CONTENT_NOT_FOUND']);
    expect((await call(t.app, 'GET', `${base(channel)}/99999999`, ownerCookie)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `${base(channel)}/abc`, ownerCookie)).statusCode).toBe(400);
  });

  it('refuses to write where the create menu would not offer it: option off, channel not in service', async () => {
    for (const [at, kind] of [
      [noWriting, 'CONTENT_VIEW'],
      [noWriting, 'POST'],
      [waiting, 'CONTENT_VIEW'],
    ] as const) {
      const response = await call(t.app, 'POST', base(at), ownerCookie, { kind });
      expect([response.statusCode, response.json<{ code: string }>().code]).toEqual([403, 'CREATE_OPTION_DISABLED']);
    }
  });

  it('refuses bad input with 400 and a code, never a 500', async () => {
    const cases: object[] = [
      { kind: 'SHORTS' },
      { kind: 'CONTENT_VIEW', title: 'x'.repeat(201) },
      { kind: 'CONTENT_VIEW', title: 'a\u0000b' },
      { kind: 'POST', imageIds: Array.from({ length: 11 }, (_, i) => i + 1) },
      { kind: 'POST', imageIds: [1, 1] },
      { kind: 'POST', link: { url: 'javascript:alert(1)' } },
      { kind: 'POST', body: 'x'.repeat(5001) },
      { kind: 'CONTENT_VIEW', link: { url: 'https://youtu.be/abc' } },
      { kind: 'CONTENT_VIEW', coverImageId: 424242 },
    ];
    for (const body of cases) {
      const response = await call(t.app, 'POST', base(channel), ownerCookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<{ code: string }>().code).toMatch(/^(VALIDATION_FAILED|CONTENT_FIELD_NOT_ALLOWED|CONTENT_IMAGE_NOT_FOUND)$/);
    }
  });
});

describe('optimistic versions', () => {
  it('moves the version on with each save and answers a stale one 409 with the current version', async () => {
    const draft = await createDraft();
    const first = await send(t.app, 'PATCH', `${base(channel)}/${draft.id}`, ownerCookie, { version: 1, title: '첫 번째 탭' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ version: 2, title: '첫 번째 탭', body: '<p>본문</p>' });

    const second = await send(t.app, 'PATCH', `${base(channel)}/${draft.id}`, ownerCookie, { version: 1, title: '두 번째 탭' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'CONTENT_VERSION_CONFLICT', extra: { currentVersion: 2, status: 'DRAFT' } });
    expect((await detail(draft.id)).title).toBe('첫 번째 탭');
  });

  it('lets exactly one of 50 parallel saves with the same version win', async () => {
    const draft = await createDraft();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => send(t.app, 'PATCH', `${base(channel)}/${draft.id}`, ownerCookie, { version: 1, title: `탭 ${i}` })),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    expect((await detail(draft.id)).version).toBe(2);
  });

  it('applies to actions too: publishing with a stale version is a conflict', async () => {
    const draft = await createDraft();
    await send(t.app, 'PATCH', `${base(channel)}/${draft.id}`, ownerCookie, { version: 1, title: '바뀐 제목' });
    const response = await act(draft, 'publish');
    expect([response.statusCode, response.json<{ code: string }>().code]).toEqual([409, 'CONTENT_VERSION_CONFLICT']);
  });
});

describe('publishing now, hiding, unhiding, deleting', () => {
  it('publishes a complete draft once; a repeat is a status conflict', async () => {
    const draft = await createDraft();
    const published = await act(draft, 'publish');
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ status: 'PUBLIC', version: 2, publishedAt: t.clock.now().toISOString() });
    const again = await act(published.json<ContentDetail>(), 'publish');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONTENT_STATUS_CONFLICT', extra: { status: 'PUBLIC', action: 'PUBLISH' } });
  });

  it('refuses to publish an article without a title or a body', async () => {
    const untitled = await createDraft(ownerCookie, { kind: 'CONTENT_VIEW', title: '', body: '<p>본문</p>' });
    expect((await act(untitled, 'publish')).json()).toMatchObject({ code: 'CONTENT_INCOMPLETE', extra: { field: 'title' } });
    const empty = await createDraft(ownerCookie, { kind: 'CONTENT_VIEW', title: '제목', body: '<p> </p><p></p>' });
    expect((await act(empty, 'publish')).json()).toMatchObject({ code: 'CONTENT_INCOMPLETE', extra: { field: 'body' } });
  });

  it('hides and unhides; unhiding twice is a status conflict', async () => {
    const published = (await act(await createDraft(), 'publish')).json<ContentDetail>();
    const hidden = await act(published, 'hide');
    expect(hidden.json()).toMatchObject({ status: 'HIDDEN', publishedAt: published.publishedAt });
    const shown = await act(hidden.json<ContentDetail>(), 'unhide');
    expect(shown.json()).toMatchObject({ status: 'PUBLIC' });
    expect((await act(shown.json<ContentDetail>(), 'unhide')).json()).toMatchObject({ code: 'CONTENT_STATUS_CONFLICT' });
  });

  it('publishes a draft hidden when hidden', async () => {
    const hidden = await act(await createDraft(), 'hide');
    expect(hidden.json()).toMatchObject({ status: 'HIDDEN', publishedAt: t.clock.now().toISOString() });
  });

  it('deletes (204, again 204), then the content is gone from reads and the default list', async () => {
    const draft = await createDraft();
    const url = `${base(channel)}/${draft.id}?version=${draft.version}`;
    expect((await send(t.app, 'DELETE', url, ownerCookie)).statusCode).toBe(204);
    expect((await send(t.app, 'DELETE', url, ownerCookie)).statusCode).toBe(204);
    expect((await call(t.app, 'GET', `${base(channel)}/${draft.id}`, ownerCookie)).statusCode).toBe(404);
    const list = await call(t.app, 'GET', `${base(channel)}?size=100`, ownerCookie);
    expect(list.json<{ content: { id: number }[] }>().content.map((item) => item.id)).not.toContain(draft.id);
    const deleted = await call(t.app, 'GET', `${base(channel)}?status=DELETE&size=100`, ownerCookie);
    expect(deleted.json<{ content: { id: number }[] }>().content.map((item) => item.id)).toContain(draft.id);
    expect((await send(t.app, 'DELETE', `${base(channel)}/99999999?version=1`, ownerCookie)).statusCode).toBe(404);
    expect((await send(t.app, 'DELETE', `${base(channel)}/${draft.id}`, ownerCookie)).statusCode).toBe(400);
  });

  it('lets one of 50 parallel publishes win', async () => {
    const draft = await createDraft();
    const answers = await Promise.all(Array.from({ length: 50 }, () => act(draft, 'publish')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(49);
  });
});

describe('listing', () => {
  it('lists newest first, filtered by status and kind, paged, with versions', async () => {
    const fresh = await createPerson(t.db);
    const list = await createChannel(t.db, { channel_type: 'CONTENTS_CHANNEL', use_document_write: true, use_post_write: true });
    await addMember(t.db, list, fresh.userId, 'OWNER');
    const cookie = await t.cookieFor(fresh.userId);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await createDraft(cookie, { kind: i % 2 ? 'POST' : 'CONTENT_VIEW', title: `글 ${i}`, body: `본문 ${i}` }, list)).id);
    const page = await call(t.app, 'GET', `${base(list)}?size=2&page=0`, cookie);
    expect(page.json()).toMatchObject({ totalElements: 5, number: 0, numberOfElements: 2, last: false });
    expect(page.json<{ content: { id: number; version: number }[] }>().content.map((item) => item.id)).toEqual([ids[4], ids[3]]);
    const posts = await call(t.app, 'GET', `${base(list)}?kind=POST`, cookie);
    expect(posts.json<{ content: { id: number }[] }>().content.map((item) => item.id)).toEqual([ids[3], ids[1]]);
    const none = await call(t.app, 'GET', `${base(list)}?status=PUBLIC`, cookie);
    expect(none.json()).toMatchObject({ totalElements: 0 });
    expect((await call(t.app, 'GET', `${base(list)}?status=NOPE`, cookie)).statusCode).toBe(400);
  });
});

describe('reservations', () => {
  it('refuses a time off the 10-minute step or before the earliest slot, saying which is the earliest', async () => {
    const draft = await createDraft();
    const offStep = await act(draft, 'reserve', { at: new Date(new Date(earliest()).getTime() + 5 * 60_000).toISOString() });
    expect(offStep.json()).toMatchObject({ code: 'RESERVATION_TIME_INVALID', extra: { problem: 'OFF_STEP', earliest: earliest() } });
    const early = await act(draft, 'reserve', { at: new Date(new Date(earliest()).getTime() - 10 * 60_000).toISOString() });
    expect(early.json()).toMatchObject({ code: 'RESERVATION_TIME_INVALID', extra: { problem: 'TOO_EARLY' } });
    expect((await act(draft, 'reserve', { at: 'tomorrow' })).statusCode).toBe(400);
  });

  it('reserves for the earliest slot and queues the publication for exactly that time, in the same transaction', async () => {
    const draft = await createDraft();
    const at = earliest();
    const reserved = await act(draft, 'reserve', { at: at.replace('Z', '+00:00') });
    expect(reserved.statusCode, reserved.body).toBe(200);
    expect(reserved.json()).toMatchObject({ status: 'PUBLIC_RESERVATION', reservedAt: at, reservationVisibility: 'PUBLIC', version: 2 });
    const jobs = await sql<{ start_after: Date; data: { contentId: number; reservedAt: string; _requestId?: string } }>`
      SELECT start_after, data FROM pgboss.job WHERE name = ${PUBLISH_QUEUE} AND (data->>'contentId')::bigint = ${draft.id}`.execute(t.db);
    expect(jobs.rows).toHaveLength(1);
    expect(jobs.rows[0]?.start_after.toISOString()).toBe(at);
    // Beside the request id of the call that queued it (lib/request-context.ts).
    const { _requestId: requestId, ...data } = jobs.rows[0]?.data ?? {};
    expect(data).toEqual({ contentId: draft.id, reservedAt: at });
    expect(requestId).toMatch(/^[\w.:-]{8,64}$/);
  });

  it('does not publish before its time, then publishes when the job runs', async () => {
    const realNow = new Date();
    t.clock.set(realNow);
    try {
      const draft = await createDraft();
      const reserved = (await act(draft, 'reserve', { at: earliestReservationSlot(realNow).toISOString() })).json<ContentDetail>();
      // Due only at the slot (up to 10 minutes away in real time): nothing runs yet.
      await t.app.jobs.drain(PUBLISH_QUEUE);
      expect((await detail(draft.id)).status).toBe('PUBLIC_RESERVATION');
      await t.app.jobs.drain(PUBLISH_QUEUE, { ignoreStartAfter: true });
      const published = await detail(draft.id);
      expect(published).toMatchObject({ status: 'PUBLIC', reservedAt: null, reservationVisibility: null, version: reserved.version + 1 });
      expect(published.publishedAt).not.toBeNull();
    } finally {
      t.clock.set(new Date('2026-11-22T03:00:00Z'));
    }
  });

  it('does nothing for a cancelled reservation, and only the moved time acts for a moved one', async () => {
    const cancelled = await createDraft();
    const reserved = (await act(cancelled, 'reserve', { at: earliest() })).json<ContentDetail>();
    const back = await act(reserved, 'cancel-reservation');
    expect(back.json()).toMatchObject({ status: 'DRAFT', reservedAt: null });

    const moved = await createDraft();
    const first = (await act(moved, 'reserve', { at: earliest() })).json<ContentDetail>();
    const later = new Date(new Date(earliest()).getTime() + 30 * 60_000).toISOString();
    const second = (await act(first, 'reserve', { at: later, visibility: 'HIDDEN' })).json<ContentDetail>();
    expect(second).toMatchObject({ status: 'HIDDEN_RESERVATION', reservedAt: later });

    await t.app.jobs.drain(PUBLISH_QUEUE, { ignoreStartAfter: true });
    expect(await detail(cancelled.id)).toMatchObject({ status: 'DRAFT', version: back.json<ContentDetail>().version });
    // The hidden reservation's own job made it HIDDEN; the first job (public, earlier) changed nothing.
    expect(await detail(moved.id)).toMatchObject({ status: 'HIDDEN', reservedAt: null });
  });

  it('fails the reservation and notifies the author once when the channel no longer allows it', async () => {
    const failing = await createChannel(t.db, { name: '곧 꺼질 채널', channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
    await addMember(t.db, failing, owner.userId, 'OWNER');
    const publicOne = await createDraft(ownerCookie, { kind: 'CONTENT_VIEW', title: '겨울 특집', body: '<p>본문</p>' }, failing);
    const hiddenOne = await createDraft(ownerCookie, { kind: 'POST', body: '숨김 예약 포스트' }, failing);
    await act(publicOne, 'reserve', { at: earliest() });
    await act(hiddenOne, 'reserve', { at: earliest(), visibility: 'HIDDEN' });
    await t.db.updateTable('channels').set({ use_document_write: false, use_post_write: false }).where('id', '=', failing).execute();

    await t.app.jobs.drain(PUBLISH_QUEUE, { ignoreStartAfter: true });
    expect((await detail(publicOne.id, failing)).status).toBe('PUBLIC_RESERVATION_ERROR');
    expect((await detail(hiddenOne.id, failing)).status).toBe('HIDDEN_RESERVATION_ERROR');
    const notifications = await t.db
      .selectFrom('notifications')
      .select(['type', 'params', 'landing_url', 'message'])
      .where('user_id', '=', owner.userId)
      .where('channel_id', '=', failing)
      .orderBy('id')
      .execute();
    expect(notifications).toHaveLength(2);
    expect(notifications[0]).toMatchObject({
      type: 'RESERVATION_FAILED',
      params: { channelName: '곧 꺼질 채널', title: '겨울 특집' },
      landing_url: `/studio/editor/${failing}/${publicOne.id}`,
    });
    expect(notifications[0]?.message).toContain('겨울 특집');

    // The same job again (a retry, a second instance) changes nothing and notifies no one.
    await t.app.jobs.send(PUBLISH_QUEUE, { contentId: publicOne.id, reservedAt: earliest() }, { singletonKey: `again:${publicOne.id}` });
    await t.app.jobs.drain(PUBLISH_QUEUE, { ignoreStartAfter: true });
    const after = await t.db.selectFrom('notifications').select('id').where('user_id', '=', owner.userId).where('channel_id', '=', failing).execute();
    expect(after).toHaveLength(2);

    // A failed reservation can be moved again once the channel allows it.
    await t.db.updateTable('channels').set({ use_document_write: true }).where('id', '=', failing).execute();
    const retried = await act(await detail(publicOne.id, failing), 'reserve', { at: earliest() });
    expect(retried.json()).toMatchObject({ status: 'PUBLIC_RESERVATION' });
  });
  it('records a failure and notifies the author when publishing itself breaks', async () => {
    const broken = await createDraft(ownerCookie, { kind: 'CONTENT_VIEW', title: '발행이 깨지는 글', body: '<p>본문</p>' });
    await act(broken, 'reserve', { at: earliest() });
    // A fault of the database at the moment of publishing, for this row only.
    await sql`
      CREATE FUNCTION test_break_publish() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status = 'PUBLIC' AND NEW.title = '발행이 깨지는 글' THEN RAISE EXCEPTION 'disk full'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_break_publish BEFORE UPDATE ON contents FOR EACH ROW EXECUTE FUNCTION test_break_publish();
    `.execute(t.db);
    try {
      await t.app.jobs.drain(PUBLISH_QUEUE, { ignoreStartAfter: true });
    } finally {
      await sql`DROP TRIGGER test_break_publish ON contents; DROP FUNCTION test_break_publish();`.execute(t.db);
    }
    expect((await detail(broken.id)).status).toBe('PUBLIC_RESERVATION_ERROR');
    const notified = await t.db
      .selectFrom('notifications')
      .select('params')
      .where('user_id', '=', owner.userId)
      .where('type', '=', 'RESERVATION_FAILED')
      .where(sql<boolean>`params->>'title' = '발행이 깨지는 글'`)
      .execute();
    expect(notified).toHaveLength(1);
  });
});

describe('posts', () => {
  it('publishes a post with its text and a link whose kind is recognised by domain', async () => {
    const response = await call(t.app, 'POST', `/api/channels/${channel}/posts`, ownerCookie, {
      body: '첫 줄이 제목\n둘째 줄',
      link: { url: 'https://www.youtube.com/watch?v=abc' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const post = await detail(response.json<{ contentId: number }>().contentId);
    expect(post).toMatchObject({ kind: 'POST', status: 'PUBLIC', title: '첫 줄이 제목', body: '첫 줄이 제목\n둘째 줄', link: { url: 'https://www.youtube.com/watch?v=abc', kind: 'YOUTUBE' } });
  });

  it('reserves a post in the same call', async () => {
    const response = await call(t.app, 'POST', `/api/channels/${channel}/posts`, ownerCookie, { body: '예약 포스트', reservation: { at: earliest() } });
    expect(response.statusCode, response.body).toBe(201);
    expect(await detail(response.json<{ contentId: number }>().contentId)).toMatchObject({ status: 'PUBLIC_RESERVATION', reservedAt: earliest() });
    const bad = await call(t.app, 'POST', `/api/channels/${channel}/posts`, ownerCookie, { body: '예약 포스트', reservation: { at: '2026-11-22T03:05:00Z' } });
    expect(bad.json()).toMatchObject({ code: 'RESERVATION_TIME_INVALID' });
  });

  it('refuses a post where posts are off', async () => {
    const response = await call(t.app, 'POST', `/api/channels/${noWriting}/posts`, ownerCookie, { body: '안녕' });
    expect(response.statusCode).toBe(403);
  });
});

describe('image uploads', () => {
  it('stores a PNG renamed to .txt under a server-made name, re-encoded and at most 1920 px, served with its type and nosniff', async () => {
    const response = await upload(channel, ownerCookie, 'holiday.txt', 'text/plain', await png(2400, 1200));
    expect(response.statusCode, response.body).toBe(201);
    const image = response.json<{ id: number; url: string; width: number; height: number }>();
    expect(image.url).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.jpg$/);
    expect(image.url).not.toContain('holiday');
    expect([image.width, image.height]).toEqual([1920, 960]);
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('refuses an HTML file renamed to .png, a missing file, and a stranger', async () => {
    const html = await upload(channel, ownerCookie, 'cat.png', 'image/png', Buffer.from('<html><script>alert(1)</script></html>'));
    expect([html.statusCode, html.json<{ code: string }>().code]).toEqual([400, 'UPLOAD_NOT_IMAGE']);
    const empty = await t.app.inject({ method: 'POST', url: `${base(channel)}/images`, headers: { cookie: ownerCookie, origin: ORIGIN } });
    expect(empty.statusCode).toBe(400);
    const stranger = await upload(channel, strangerCookie, 'a.png', 'image/png', await png(10, 10));
    expect(stranger.statusCode).toBe(403);
    const off = await upload(noWriting, ownerCookie, 'a.png', 'image/png', await png(10, 10));
    expect(off.statusCode).toBe(403);
  });

  it('refuses a file over the size limit with 413', async () => {
    // A real PNG head followed by more bytes than the limit: refused while reading, before decoding.
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload(channel, ownerCookie, 'big.png', 'image/png', big);
    expect([response.statusCode, response.json<{ code: string }>().code]).toEqual([413, 'UPLOAD_TOO_LARGE']);
  });

  it('puts up to 10 ordered images on a post, only the channel\'s own', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await upload(channel, ownerCookie, `${i}.png`, 'image/png', await png(100 + i, 100))).json<{ id: number }>().id);
    const ordered = [ids[2], ids[0], ids[1]] as number[];
    const created = await call(t.app, 'POST', `/api/channels/${channel}/posts`, ownerCookie, { body: '사진 세 장', imageIds: ordered });
    expect(created.statusCode, created.body).toBe(201);
    const post = await detail(created.json<{ contentId: number }>().contentId);
    expect(post.images.map((image) => image.id)).toEqual(ordered);
    expect(post.thumbnailUrl).toBe(post.images[0]?.url);

    const reordered = await send(t.app, 'PATCH', `${base(channel)}/${post.id}`, ownerCookie, { version: post.version, imageIds: [ids[1], ids[2]] });
    expect(reordered.json<ContentDetail>().images.map((image) => image.id)).toEqual([ids[1], ids[2]]);

    const foreign = (await upload(other, ownerCookie, 'x.png', 'image/png', await png(10, 10))).json<{ id: number }>().id;
    const refused = await call(t.app, 'POST', `/api/channels/${channel}/posts`, ownerCookie, { body: '남의 사진', imageIds: [foreign] });
    expect(refused.json()).toMatchObject({ code: 'CONTENT_IMAGE_NOT_FOUND', extra: { missing: [foreign] } });
  });

  it('sets an article cover image as its thumbnail', async () => {
    const image = (await upload(channel, ownerCookie, 'cover.png', 'image/png', await png(50, 50))).json<{ id: number; url: string }>();
    const draft = await createDraft(ownerCookie, { kind: 'CONTENT_VIEW', title: '표지', body: '<p>본문</p>', coverImageId: image.id });
    expect(draft).toMatchObject({ coverImage: { id: image.id, url: image.url }, thumbnailUrl: image.url });
  });
});

describe('preview', () => {
  it('serves the body sanitised: scripts, handlers and javascript: links gone, the editor\'s figures and video cards kept', async () => {
    const body =
      '<h2>소제목</h2><p><strong>굵게</strong> <em>기울임</em> <a href="javascript:alert(1)">나쁜 링크</a> <a href="https://example.com">좋은 링크</a></p>' +
      '<script>alert(1)</script><img src="x" onerror="alert(1)"><ul><li>하나</li></ul><blockquote><p>인용</p></blockquote>' +
      '<figure><img src="/media/images/a.jpg" alt="설명" width="10" height="10"><figcaption>설명</figcaption></figure>' +
      '<figure data-video-card=""><a href="https://youtu.be/abc" target="_blank" rel="noopener noreferrer nofollow">https://youtu.be/abc</a></figure>' +
      '<iframe src="https://evil.example"></iframe><p style="color:red" onclick="x()">끝</p>';
    const draft = await createDraft(ownerCookie, { kind: 'CONTENT_VIEW', title: '미리보기', body });
    const response = await call(t.app, 'GET', `${base(channel)}/${draft.id}/preview`, ownerCookie);
    expect(response.statusCode, response.body).toBe(200);
    const { html, channelName } = response.json<{ html: string; channelName: string }>();
    expect(channelName).toBe('스튜디오 데일리');
    for (const gone of ['<script', 'onerror', 'javascript:', '<iframe', 'onclick', 'style=']) expect(html).not.toContain(gone);
    for (const kept of ['<h2>소제목</h2>', '<strong>굵게</strong>', '<em>기울임</em>', 'href="https://example.com"', '<li>하나</li>', '<blockquote>', '<figcaption>설명</figcaption>', '<figure data-video-card>', 'src="/media/images/a.jpg"']) {
      expect(html).toContain(kept);
    }
  });

  it('escapes a post\'s text', async () => {
    const created = await call(t.app, 'POST', `/api/channels/${channel}/posts`, ownerCookie, { body: '<b>굵게?</b>\n둘째 줄' });
    const response = await call(t.app, 'GET', `${base(channel)}/${created.json<{ contentId: number }>().contentId}/preview`, ownerCookie);
    expect(response.json<{ html: string }>().html).toBe('<p>&lt;b&gt;굵게?&lt;/b&gt;<br />둘째 줄</p>');
  });

  it('answers 404 for another channel\'s content and 403 to a stranger', async () => {
    const draft = await createDraft();
    expect((await call(t.app, 'GET', `${base(other)}/${draft.id}/preview`, ownerCookie)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `${base(channel)}/${draft.id}/preview`, strangerCookie)).statusCode).toBe(403);
  });
});
