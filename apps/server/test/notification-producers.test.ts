import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentDetail } from '@studio/contract/content';
import type { NotificationType } from '@studio/contract/notification';
import { earliestReservationSlot } from '@studio/contract/reservation';
import type { StreamKey } from '@studio/contract/live';
import { PUBLISH_QUEUE } from '../src/modules/contents/content-service';
import { NEW_NOTIFICATION_CHANNEL, landing } from '../src/modules/notifications/notification-producer';
import { addMember, createChannel, createPerson } from '../src/seed/factories';
import { call, createTestApp, type TestContext } from './helper';

/**
 * Issue #10, the producers of lives and publications: each is told once to the
 * channel's owner and managers other than the person who acted, only by the call
 * that really changed the state (also under 50 parallel calls), and not at all
 * when the change rolls back.
 */

const TOKEN = 'test-callback-token-0123456789';
let t: TestContext;
let channelId: number;
let otherChannelId: number;
let ownerId: number;
let managerId: number;
let secondManagerId: number;
let creditId: number;
let owner: string;
let manager: string;
let secondManager: string;

/** Who got a notification of this type landing here, one entry per row (so a duplicate shows). */
async function recipients(type: NotificationType, landingUrl: string): Promise<number[]> {
  const rows = await t.db.selectFrom('notifications').select('user_id').where('type', '=', type).where('landing_url', '=', landingUrl).execute();
  return rows.map((row) => row.user_id).sort((a, b) => a - b);
}

const sorted = (...ids: number[]) => [...ids].sort((a, b) => a - b);

/** A READY live whose key is publishing (through nginx-rtmp's callback), titled after its key. */
async function receivingLive(title: string, channel = channelId, cookie = owner): Promise<number> {
  const created = await call(t.app, 'POST', `/api/channels/${channel}/lives/streams?title=${encodeURIComponent(title)}`, cookie);
  expect(created.statusCode, created.body).toBe(201);
  const { kampChannelId } = created.json<{ kampChannelId: string }>();
  const key = (await call(t.app, 'GET', `/api/channels/${channel}/lives/streams`, cookie)).json<StreamKey[]>().find((k) => k.kampChannelId === kampChannelId)!;
  const published = await t.app.inject({
    method: 'POST',
    url: `/ingest/on_publish?token=${TOKEN}`,
    payload: `call=publish&app=live&name=${key.streamKey}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(published.statusCode).toBe(204);
  const live = await call(t.app, 'POST', `/api/channels/${channel}/lives/create?kampChannelId=${kampChannelId}`, cookie);
  expect(live.statusCode, live.body).toBe(201);
  return live.json<{ liveId: number }>().liveId;
}

async function draft(title: string, cookie = owner): Promise<ContentDetail> {
  const response = await call(t.app, 'POST', `/api/channels/${channelId}/contents`, cookie, { kind: 'CONTENT_VIEW', title, body: '<p>본문</p>' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ContentDetail>();
}

/** Listens on the producer's channel with its own connection: what every instance would hear. */
async function listen() {
  const client = new pg.Client({ connectionString: t.url });
  await client.connect();
  const heard: string[] = [];
  client.on('notification', (message) => heard.push(message.payload ?? ''));
  await client.query(`LISTEN ${NEW_NOTIFICATION_CHANNEL}`);
  return {
    heard,
    /** Waits a moment, then a round trip on the listening connection flushes anything already queued to it. */
    async settle() {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await client.query('SELECT 1');
    },
    close: () => client.end(),
  };
}

/** Makes the commit of a change to `table` fail for rows titled `title`: after the producer ran, inside the same transaction. */
async function failCommitOf(table: 'lives' | 'contents', title: string): Promise<() => Promise<void>> {
  const name = `fail_commit_${table}`;
  await sql
    .raw(
      `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the change failed at commit'; END $$;
       CREATE CONSTRAINT TRIGGER ${name} AFTER UPDATE ON ${table} DEFERRABLE INITIALLY DEFERRED
         FOR EACH ROW WHEN (NEW.title = '${title}') EXECUTE FUNCTION ${name}();`,
    )
    .execute(t.db);
  return async () => {
    await sql.raw(`DROP TRIGGER ${name} ON ${table}; DROP FUNCTION ${name}();`).execute(t.db);
  };
}

beforeAll(async () => {
  t = await createTestApp({ env: { INGEST_CALLBACK_TOKEN: TOKEN } });
  const people = await Promise.all(['소유자', '매니저', '두번째 매니저', '수익 관리자'].map((name) => createPerson(t.db, { name })));
  [ownerId, managerId, secondManagerId, creditId] = people.map((person) => person.userId) as [number, number, number, number];
  const everything = { channel_type: 'MEDIA_CHANNEL', status: 'SERVICE', live_status: 'SERVICE', use_document_write: true, use_post_write: true } as const;
  channelId = await createChannel(t.db, { name: '스튜디오 데일리', ...everything });
  otherChannelId = await createChannel(t.db, { name: '다른 채널', ...everything });
  await addMember(t.db, channelId, ownerId, 'OWNER');
  await addMember(t.db, channelId, managerId, 'MANAGER');
  await addMember(t.db, channelId, secondManagerId, 'MANAGER');
  await addMember(t.db, channelId, creditId, 'CREDIT_MANAGER');
  await addMember(t.db, otherChannelId, ownerId, 'OWNER');
  [owner, manager, secondManager] = (await Promise.all([ownerId, managerId, secondManagerId].map((id) => t.cookieFor(id)))) as [string, string, string];
});

afterAll(async () => {
  await t.close();
});

describe('lives', () => {
  it('tells the owner and the other managers once that a live started and once that it ended, whatever 50 parallel calls do', async () => {
    const liveId = await receivingLive('오늘의 방송');
    const starts = await Promise.all(Array.from({ length: 50 }, () => call(t.app, 'POST', `/api/channels/${channelId}/lives/${liveId}/start`, manager)));
    expect(starts.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(starts.every((answer) => answer.statusCode === 200 || answer.statusCode === 409), starts.map((answer) => answer.statusCode).join()).toBe(true);
    // The manager who started it is not told; the credit manager does not run broadcasts.
    expect(await recipients('LIVE_STARTED', landing.live(channelId, liveId))).toEqual(sorted(ownerId, secondManagerId));

    const closes = await Promise.all(Array.from({ length: 50 }, () => call(t.app, 'POST', `/api/channels/${channelId}/lives/${liveId}/close`, owner)));
    expect(closes.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(closes.every((answer) => answer.statusCode === 200 || answer.statusCode === 409), closes.map((answer) => answer.statusCode).join()).toBe(true);
    expect(await recipients('LIVE_ENDED', landing.live(channelId, liveId))).toEqual(sorted(managerId, secondManagerId));

    const note = await t.db.selectFrom('notifications').select(['params', 'message', 'channel_id']).where('type', '=', 'LIVE_ENDED').where('user_id', '=', managerId).executeTakeFirstOrThrow();
    expect(note).toMatchObject({ channel_id: channelId, params: { channelName: '스튜디오 데일리', title: '오늘의 방송' } });
    expect(note.message).toContain('오늘의 방송');
  });

  it("does not close another channel's live through its own path, and tells nobody", async () => {
    const liveId = await receivingLive('남의 방송');
    expect((await call(t.app, 'POST', `/api/channels/${channelId}/lives/${liveId}/start`, owner)).statusCode).toBe(200);
    const foreign = await call(t.app, 'POST', `/api/channels/${otherChannelId}/lives/${liveId}/close`, owner);
    expect([foreign.statusCode, foreign.json<{ code: string }>().code]).toEqual([404, 'LIVE_NOT_FOUND']);
    const live = await t.db.selectFrom('lives').select('status').where('id', '=', liveId).executeTakeFirstOrThrow();
    expect(live.status).toBe('START');
    expect(await recipients('LIVE_ENDED', landing.live(channelId, liveId))).toEqual([]);
    expect((await call(t.app, 'POST', `/api/channels/${channelId}/lives/${liveId}/close`, owner)).statusCode).toBe(200);
  });

  it('announces nothing when the start rolls back after the producer ran', async () => {
    const liveId = await receivingLive('rollback');
    const restore = await failCommitOf('lives', 'rollback');
    const listener = await listen();
    try {
      const start = await call(t.app, 'POST', `/api/channels/${channelId}/lives/${liveId}/start`, manager);
      expect(start.statusCode).toBe(500);
      await listener.settle();
      expect(listener.heard).toEqual([]);
      expect(await recipients('LIVE_STARTED', landing.live(channelId, liveId))).toEqual([]);
      expect((await t.db.selectFrom('lives').select('status').where('id', '=', liveId).executeTakeFirstOrThrow()).status).toBe('READY');
    } finally {
      await listener.close();
      await restore();
    }
    // Once the change can commit, it is told (and announced) as usual.
    const listening = await listen();
    try {
      expect((await call(t.app, 'POST', `/api/channels/${channelId}/lives/${liveId}/start`, manager)).statusCode).toBe(200);
      expect(await recipients('LIVE_STARTED', landing.live(channelId, liveId))).toEqual(sorted(ownerId, secondManagerId));
      await expect.poll(() => listening.heard.length, { timeout: 2000 }).toBe(2);
    } finally {
      await listening.close();
    }
    await call(t.app, 'POST', `/api/channels/${channelId}/lives/${liveId}/close`, manager);
  });
});

describe('publications', () => {
  it('tells the owner and the other managers once when a content is published, whatever 50 parallel publishes do', async () => {
    const content = await draft('오늘의 기사');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call(t.app, 'POST', `/api/channels/${channelId}/contents/${content.id}/publish`, manager, { version: content.version })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 409), answers.map((answer) => answer.statusCode).join()).toBe(true);
    expect(await recipients('CONTENT_PUBLISHED', landing.contentPreview(channelId, content.id))).toEqual(sorted(ownerId, secondManagerId));
  });

  it('tells the others of a post published at once, and nobody of one hidden or unhidden', async () => {
    const post = await call(t.app, 'POST', `/api/channels/${channelId}/posts`, secondManager, { body: '바로 올리는 포스트' });
    expect(post.statusCode, post.body).toBe(201);
    const { contentId } = post.json<{ contentId: number }>();
    expect(await recipients('CONTENT_PUBLISHED', landing.contentPreview(channelId, contentId))).toEqual(sorted(ownerId, managerId));

    const hiddenDraft = await draft('숨겨서 발행');
    const hidden = await call(t.app, 'POST', `/api/channels/${channelId}/contents/${hiddenDraft.id}/hide`, owner, { version: hiddenDraft.version });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const unhidden = await call(t.app, 'POST', `/api/channels/${channelId}/contents/${hiddenDraft.id}/unhide`, owner, { version: hidden.json<ContentDetail>().version });
    expect(unhidden.statusCode, unhidden.body).toBe(200);
    expect(await recipients('CONTENT_PUBLISHED', landing.contentPreview(channelId, hiddenDraft.id))).toEqual([]);
  });

  it('tells the whole crew, author included, once when a reservation is published by the job; a hidden one tells nobody', async () => {
    const at = earliestReservationSlot(t.clock.now()).toISOString();
    const reservedPost = await call(t.app, 'POST', `/api/channels/${channelId}/posts`, manager, { body: '예약 포스트', reservation: { at } });
    expect(reservedPost.statusCode, reservedPost.body).toBe(201);
    const { contentId } = reservedPost.json<{ contentId: number }>();
    const hiddenDraft = await draft('숨김 예약');
    const hiddenReserved = await call(t.app, 'POST', `/api/channels/${channelId}/contents/${hiddenDraft.id}/reserve`, owner, { version: hiddenDraft.version, at, visibility: 'HIDDEN' });
    expect(hiddenReserved.statusCode, hiddenReserved.body).toBe(200);
    expect(await recipients('CONTENT_PUBLISHED', landing.contentPreview(channelId, contentId))).toEqual([]);

    await t.app.jobs.drain(PUBLISH_QUEUE, { ignoreStartAfter: true });
    // The same reservation's job again (a retry, another instance): the content is no longer reserved.
    expect(await t.app.jobs.send(PUBLISH_QUEUE, { contentId, reservedAt: at })).not.toBeNull();
    await t.app.jobs.drain(PUBLISH_QUEUE, { ignoreStartAfter: true });

    expect((await t.db.selectFrom('contents').select('status').where('id', '=', contentId).executeTakeFirstOrThrow()).status).toBe('PUBLIC');
    expect(await recipients('CONTENT_PUBLISHED', landing.contentPreview(channelId, contentId))).toEqual(sorted(ownerId, managerId, secondManagerId));
    expect((await t.db.selectFrom('contents').select('status').where('id', '=', hiddenDraft.id).executeTakeFirstOrThrow()).status).toBe('HIDDEN');
    expect(await recipients('CONTENT_PUBLISHED', landing.contentPreview(channelId, hiddenDraft.id))).toEqual([]);
  });

  it('announces nothing when the publication rolls back after the producer ran', async () => {
    const content = await draft('rollback');
    const restore = await failCommitOf('contents', 'rollback');
    const listener = await listen();
    try {
      const published = await call(t.app, 'POST', `/api/channels/${channelId}/contents/${content.id}/publish`, owner, { version: content.version });
      expect(published.statusCode).toBe(500);
      await listener.settle();
      expect(listener.heard).toEqual([]);
      expect(await recipients('CONTENT_PUBLISHED', landing.contentPreview(channelId, content.id))).toEqual([]);
      expect((await t.db.selectFrom('contents').select('status').where('id', '=', content.id).executeTakeFirstOrThrow()).status).toBe('DRAFT');
    } finally {
      await listener.close();
      await restore();
    }
  });
});
