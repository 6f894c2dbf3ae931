import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentDetail, ContentPage, CreatedContent } from '@studio/contract/content';
import { ErrorBody } from '@studio/contract/errors';
import { Loop } from '@studio/contract/loop';
import { earliestReservationSlot } from '@studio/contract/reservation';
import { MEDIA_REMOVE_QUEUE } from '../../src/media/media-jobs';
import { contentService, PUBLISH_QUEUE } from '../../src/modules/contents/content-service';
import { addMember, createChannel, createPerson, type Person } from '../../src/seed/factories';
import { ORIGIN, call, createTestApp, stored, type TestContext } from '../helper';
import { makeClips } from './clips';
import { uploadWhole } from './tus';

let t: TestContext;
let clips: ReturnType<typeof makeClips>;
let owner: Person;
let manager: Person;
let ownerCookie: string;
let managerCookie: string;
let strangerCookie: string;
let channel: number;

/** An uploaded and processed loop, ready to publish. */
async function processedLoop(): Promise<string> {
  const id = await uploadWhole(t.app, channel, ownerCookie, clips.vertical);
  expect(await t.app.jobs.drain('loop.process')).toBe(1);
  expect((await loopOf(id)).status).toBe('COMPLETE');
  return id;
}

const loopOf = async (id: string) => Loop.parse((await call(t.app, 'GET', `/api/channels/${channel}/loops/${id}`, ownerCookie)).json());
const publish = (id: string, body: Record<string, unknown>, cookie = ownerCookie) => call(t.app, 'POST', `/api/channels/${channel}/loops/${id}/publish`, cookie, body);
const contentOf = async (contentId: number) => ContentDetail.parse((await call(t.app, 'GET', `/api/channels/${channel}/contents/${contentId}`, ownerCookie)).json());
const earliest = () => earliestReservationSlot(t.clock.now()).toISOString();

/** Status changes of one loop as PostgreSQL saw them (a trigger of this test database). */
async function statusChanges(loopId: string): Promise<string[]> {
  const rows = await sql<{ status: string }>`SELECT status FROM test_loop_changes WHERE loop_id = ${loopId} ORDER BY seq`.execute(t.db);
  return rows.rows.map((row) => row.status);
}

/** CONTENT_PUBLISHED notifications a person got about one content (its preview is where they land). */
async function publishedNotices(userId: number, contentId: number): Promise<number> {
  const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${userId} AND type = 'CONTENT_PUBLISHED' AND landing_url LIKE ${`%/contents/${contentId}/preview`}`.execute(t.db);
  return rows.rows[0]!.n;
}

const jobsOf = async (loopId: string) =>
  (await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE name = 'loop.process' AND data->>'loopId' = ${loopId} ORDER BY created_on`.execute(t.db)).rows.map((row) => row.state);

beforeAll(async () => {
  clips = makeClips();
  t = await createTestApp({ env: { LOOP_MAX_SECONDS: '5', LOOP_MAX_BYTES: '20000000' } });
  owner = await createPerson(t.db);
  manager = await createPerson(t.db);
  const stranger = await createPerson(t.db);
  ownerCookie = await t.cookieFor(owner.userId);
  managerCookie = await t.cookieFor(manager.userId);
  strangerCookie = await t.cookieFor(stranger.userId);
  channel = await createChannel(t.db, { name: '루프 발행 채널', channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await addMember(t.db, channel, owner.userId, 'OWNER');
  await addMember(t.db, channel, manager.userId, 'MANAGER');
  await sql`
    CREATE TABLE test_loop_changes (seq bigserial PRIMARY KEY, loop_id uuid NOT NULL, status text);
    CREATE FUNCTION test_record_loop_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO test_loop_changes (loop_id, status) VALUES (NEW.id, NEW.status);
      RETURN NEW;
    END $$;
    CREATE TRIGGER test_loop_changes AFTER UPDATE ON loops FOR EACH ROW
      WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION test_record_loop_change();
  `.execute(t.db);
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('publishing a loop as a SHORTS content', () => {
  it('publishes a processed loop now with its chosen thumbnail; the channel home lists it with duration and views, and it plays', async () => {
    const id = await processedLoop();
    const loop = await loopOf(id);
    const answer = await publish(id, { title: '  첫 루프  ', description: '설명\n둘째 줄', thumbnailIndex: 2 });
    expect(answer.statusCode, answer.body).toBe(201);
    const { contentId } = CreatedContent.parse(answer.json());

    const content = await contentOf(contentId);
    expect(content).toMatchObject({ kind: 'SHORTS', status: 'PUBLIC', title: '첫 루프', body: '설명\n둘째 줄', thumbnailUrl: loop.thumbnails[2]!.url, videoUrl: loop.videoUrl, viewCount: 0, authorId: owner.userId });
    expect(content.durationSeconds).toBeCloseTo(loop.durationSeconds!, 3);
    expect(content.publishedAt).toBe(t.clock.now().toISOString());
    expect(await loopOf(id)).toMatchObject({ contentId, thumbnailIndex: 2 });
    // Published now: the channel's manager is told once; the person who published is not.
    expect(await publishedNotices(manager.userId, contentId)).toBe(1);
    expect(await publishedNotices(owner.userId, contentId)).toBe(0);

    const home = ContentPage.parse((await call(t.app, 'GET', `/api/channels/${channel}/contents?kind=SHORTS`, managerCookie)).json());
    expect(home.content.map((row) => row.id)).toContain(contentId);
    const video = await t.app.inject({ method: 'GET', url: content.videoUrl! });
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    // The preview writes a loop's description as text, never as markup.
    const preview = await call(t.app, 'GET', `/api/channels/${channel}/contents/${contentId}/preview`, ownerCookie);
    expect(preview.json<{ html: string }>().html).toBe('<p>설명<br />둘째 줄</p>');
    // …and offers its rendition and poster to play (issue 25), until a later run of its loop fails.
    expect(preview.json<{ video: unknown }>().video).toEqual({ state: 'READY', url: content.videoUrl, posterUrl: content.thumbnailUrl, durationSeconds: content.durationSeconds });
    await sql`UPDATE loops SET status = 'ERROR' WHERE content_id = ${contentId}`.execute(t.db);
    const failed = await call(t.app, 'GET', `/api/channels/${channel}/contents/${contentId}/preview`, ownerCookie);
    expect(failed.json<{ video: unknown }>().video).toMatchObject({ state: 'FAILED', url: null });
    await sql`UPDATE loops SET status = 'COMPLETE' WHERE content_id = ${contentId}`.execute(t.db);
  }, 60_000);

  it('publishes once: 50 parallel publishes make exactly one content, the others answer 409 with its id', async () => {
    const id = await processedLoop();
    const before = await sql<{ n: number }>`SELECT count(*)::int AS n FROM contents WHERE kind = 'SHORTS'`.execute(t.db);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => publish(id, { title: `동시에 ${i}`, thumbnailIndex: 0 })));
    const won = answers.filter((answer) => answer.statusCode === 201);
    expect(won).toHaveLength(1);
    const { contentId } = CreatedContent.parse(won[0]!.json());
    const lost = answers.filter((answer) => answer.statusCode === 409).map((answer) => ErrorBody.parse(answer.json()));
    expect(lost).toHaveLength(49);
    expect(lost.every((body) => body.code === 'LOOP_ALREADY_PUBLISHED' && (body.extra as { contentId: number }).contentId === contentId)).toBe(true);
    const after = await sql<{ n: number }>`SELECT count(*)::int AS n FROM contents WHERE kind = 'SHORTS'`.execute(t.db);
    expect(after.rows[0]!.n - before.rows[0]!.n).toBe(1);
    expect(await publishedNotices(manager.userId, contentId)).toBe(1);
    // A later repeat answers the same.
    const repeat = await publish(id, { title: '또', thumbnailIndex: 0 });
    expect(repeat.statusCode).toBe(409);
    expect(ErrorBody.parse(repeat.json()).extra).toEqual({ contentId });
  }, 120_000);

  it('reserves on the 10-minute step with the contents rule and job; the transition table then applies (cancel, publish, hide, delete)', async () => {
    const id = await processedLoop();
    const offStep = await publish(id, { title: '예약', thumbnailIndex: 0, reservation: { at: new Date(new Date(earliest()).getTime() + 5 * 60_000).toISOString() } });
    expect(offStep.statusCode).toBe(400);
    expect(offStep.json()).toMatchObject({ code: 'RESERVATION_TIME_INVALID', extra: { problem: 'OFF_STEP', earliest: earliest() } });
    const tooEarly = await publish(id, { title: '예약', thumbnailIndex: 0, reservation: { at: new Date(new Date(earliest()).getTime() - 10 * 60_000).toISOString() } });
    expect(tooEarly.json()).toMatchObject({ code: 'RESERVATION_TIME_INVALID', extra: { problem: 'TOO_EARLY' } });
    // A refused publication leaves the loop unpublished.
    expect((await loopOf(id)).contentId).toBeNull();

    const at = earliest();
    const reserved = await publish(id, { title: '예약 루프', thumbnailIndex: 1, reservation: { at, visibility: 'PUBLIC' } });
    expect(reserved.statusCode, reserved.body).toBe(201);
    const { contentId } = CreatedContent.parse(reserved.json());
    expect(await contentOf(contentId)).toMatchObject({ status: 'PUBLIC_RESERVATION', reservedAt: at, reservationVisibility: 'PUBLIC', publishedAt: null });
    const jobs = await sql<{ start_after: Date }>`SELECT start_after FROM pgboss.job WHERE name = ${PUBLISH_QUEUE} AND (data->>'contentId')::bigint = ${contentId}`.execute(t.db);
    expect(jobs.rows.map((row) => row.start_after.toISOString())).toEqual([at]);

    // Cancel (back to draft) and publish through the content API, as any content.
    const act = (path: string, version: number) => call(t.app, 'POST', `/api/channels/${channel}/contents/${contentId}/${path}`, ownerCookie, { version });
    const cancelled = await act('cancel-reservation', 1);
    expect(cancelled.json()).toMatchObject({ status: 'DRAFT', reservedAt: null });
    // The old reservation's job finds nothing to do.
    await t.app.jobs.drain(PUBLISH_QUEUE, { ignoreStartAfter: true });
    expect((await contentOf(contentId)).status).toBe('DRAFT');
    expect((await act('publish', 2)).json()).toMatchObject({ status: 'PUBLIC' });
    expect((await act('hide', 3)).json()).toMatchObject({ status: 'HIDDEN' });
    expect((await act('hide', 4)).statusCode).toBe(409);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/channels/${channel}/contents/${contentId}?version=4`, headers: { cookie: ownerCookie, origin: ORIGIN } });
    expect(deleted.statusCode).toBe(204);
    expect((await call(t.app, 'GET', `/api/channels/${channel}/contents/${contentId}`, ownerCookie)).statusCode).toBe(404);
    // The loop went with its content (its files with the job the delete queued): it is not published a second time.
    expect(await t.app.jobs.drain(MEDIA_REMOVE_QUEUE)).toBe(1);
    expect((await publish(id, { title: '다시', thumbnailIndex: 0 })).statusCode).toBe(404);
  }, 60_000);

  it('deleting a SHORTS content deletes its loop and the loop files, once; a repeat or a parallel delete answers 204 and removes nothing twice', async () => {
    const id = await processedLoop();
    const loop = await loopOf(id);
    const { contentId } = CreatedContent.parse((await publish(id, { title: '지울 루프', thumbnailIndex: 1 })).json());
    const urls = [loop.videoUrl!, ...loop.thumbnails.map((thumbnail) => thumbnail.url)];
    expect(urls).toHaveLength(4);
    for (const url of urls) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
    const version = (await contentOf(contentId)).version;
    const deletes = await Promise.all(
      Array.from({ length: 10 }, () => t.app.inject({ method: 'DELETE', url: `/api/channels/${channel}/contents/${contentId}?version=${version}`, headers: { cookie: ownerCookie, origin: ORIGIN } })),
    );
    expect(deletes.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 10 }, () => 204));
    // The files are removed by one job queued with the delete (it survives a crash after the commit).
    expect(await t.app.jobs.drain(MEDIA_REMOVE_QUEUE)).toBe(1);
    for (const url of urls) expect(await stored(t, url), url).toBe(false);
    expect((await call(t.app, 'GET', `/api/channels/${channel}/loops/${id}`, ownerCookie)).statusCode).toBe(404);
    // One change of the loop's status, to DELETE, whoever won.
    expect((await statusChanges(id)).slice(-1)).toEqual(['DELETE']);
    expect((await statusChanges(id)).filter((status) => status === 'DELETE')).toHaveLength(1);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/channels/${channel}/contents/${contentId}?version=${version}`, headers: { cookie: ownerCookie, origin: ORIGIN } });
    expect(again.statusCode).toBe(204);
    expect(await t.app.jobs.drain(MEDIA_REMOVE_QUEUE)).toBe(0);
  }, 60_000);

  it('publish and delete of one loop at once: one of them wins, and a published loop keeps its files', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await processedLoop();
      const { videoUrl } = await loopOf(id);
      const url = `/api/channels/${channel}/loops/${id}`;
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          i % 2 === 0 ? publish(id, { title: `경합 ${round}`, thumbnailIndex: 0 }) : t.app.inject({ method: 'DELETE', url, headers: { cookie: ownerCookie, origin: ORIGIN } }),
        ),
      );
      const published = answers.filter((answer, i) => i % 2 === 0 && answer.statusCode === 201);
      const deleted = answers.filter((answer, i) => i % 2 === 1 && answer.statusCode === 204);
      expect(published.length + deleted.length, `round ${round}`).toBe(1);
      await t.app.jobs.drain(MEDIA_REMOVE_QUEUE);
      if (published.length === 1) {
        // The deletes lost to the publication: the content plays.
        expect(answers.filter((answer, i) => i % 2 === 1).every((answer) => answer.statusCode === 409)).toBe(true);
        expect((await t.app.inject({ method: 'GET', url: videoUrl! })).statusCode).toBe(200);
        expect((await loopOf(id)).status).toBe('COMPLETE');
      } else {
        expect(await stored(t, videoUrl!)).toBe(false);
        expect((await call(t.app, 'GET', url, ownerCookie)).statusCode).toBe(404);
      }
    }
  }, 120_000);

  it('at start-up, loops of contents deleted before (or by hand) are deleted and their files removed, once', async () => {
    const id = await processedLoop();
    const loop = await loopOf(id);
    const { contentId } = CreatedContent.parse((await publish(id, { title: '예전에 지운 루프', thumbnailIndex: 0 })).json());
    await sql`UPDATE contents SET status = 'DELETE' WHERE id = ${contentId}`.execute(t.db);
    const service = contentService(t.app.db, t.app.jobs, t.clock);
    expect(await service.repairLoopsOfDeletedContents()).toBe(4);
    expect(await t.app.jobs.drain(MEDIA_REMOVE_QUEUE)).toBe(1);
    for (const url of [loop.videoUrl!, ...loop.thumbnails.map((thumbnail) => thumbnail.url)]) expect(await stored(t, url), url).toBe(false);
    expect((await statusChanges(id)).slice(-1)).toEqual(['DELETE']);
    expect(await service.repairLoopsOfDeletedContents()).toBe(0);
    expect(await t.app.jobs.drain(MEDIA_REMOVE_QUEUE)).toBe(0);
  }, 60_000);

  it('a delete that does not commit queues no removal: the loop and its files stay', async () => {
    const id = await processedLoop();
    const loop = await loopOf(id);
    const { contentId } = CreatedContent.parse((await publish(id, { title: '남을 루프', thumbnailIndex: 0 })).json());
    const stale = await t.app.inject({ method: 'DELETE', url: `/api/channels/${channel}/contents/${contentId}?version=99`, headers: { cookie: ownerCookie, origin: ORIGIN } });
    expect(stale.statusCode).toBe(409);
    expect(await t.app.jobs.drain(MEDIA_REMOVE_QUEUE)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: loop.videoUrl! })).statusCode).toBe(200);
    expect((await loopOf(id)).status).toBe('COMPLETE');
  }, 60_000);

  it('a reservation publishes when its job runs (hidden reservations publish hidden)', async () => {
    const id = await processedLoop();
    const answer = await publish(id, { title: '숨김 예약', thumbnailIndex: 0, reservation: { at: earliest(), visibility: 'HIDDEN' } });
    const { contentId } = CreatedContent.parse(answer.json());
    expect((await contentOf(contentId)).status).toBe('HIDDEN_RESERVATION');
    await t.app.jobs.drain(PUBLISH_QUEUE, { ignoreStartAfter: true });
    expect(await contentOf(contentId)).toMatchObject({ status: 'HIDDEN', reservedAt: null });
  }, 60_000);

  it('answers 401, 403, 404, 400 and 409 where they belong', async () => {
    const id = await processedLoop();
    const body = { title: '제목', thumbnailIndex: 0 };
    expect((await call(t.app, 'POST', `/api/channels/${channel}/loops/${id}/publish`, undefined, body)).statusCode).toBe(401);
    expect((await publish(id, body, strangerCookie)).statusCode).toBe(403);
    expect((await publish('00000000-0000-4000-8000-000000000000', body)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/channels/99999999/loops/${id}/publish`, ownerCookie, body)).statusCode).toBe(404);
    for (const bad of [{ title: '   ', thumbnailIndex: 0 }, { title: '제목' }, { title: '제목', thumbnailIndex: 5 }, { title: 'x'.repeat(201), thumbnailIndex: 0 }, { title: '제목', thumbnailIndex: 0, reservation: { at: 'tomorrow' } }]) {
      const answer = await publish(id, bad);
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
      expect(ErrorBody.parse(answer.json()).code).toMatch(/VALIDATION_FAILED|RESERVATION_TIME_INVALID/);
    }
    // The create menu's rule, on the server: shorts paused, no publishing.
    await sql`UPDATE channels SET shorts_status = 'PAUSE' WHERE id = ${channel}`.execute(t.db);
    try {
      const paused = await publish(id, body);
      expect(paused.statusCode).toBe(403);
      expect(ErrorBody.parse(paused.json()).code).toBe('CREATE_OPTION_DISABLED');
    } finally {
      await sql`UPDATE channels SET shorts_status = 'SERVICE' WHERE id = ${channel}`.execute(t.db);
    }
    // A manager of the channel publishes as well (spec: a manager co-publishes).
    expect((await publish(id, body, managerCookie)).statusCode).toBe(201);

    // Only a processed loop: one still queued is refused.
    const queued = await uploadWhole(t.app, channel, ownerCookie, clips.vertical);
    const early = await publish(queued, body);
    expect(early.statusCode).toBe(409);
    expect(ErrorBody.parse(early.json()).code).toBe('LOOP_NOT_COMPLETE');
    await t.app.jobs.drain('loop.process');
  }, 60_000);
});

describe('50 parallel stops and retries', () => {
  it('stop: one state change, the same answer to all; retry: one state change, one job, one notification when it completes', async () => {
    const id = await uploadWhole(t.app, channel, ownerCookie, clips.vertical);
    expect(await jobsOf(id)).toEqual(['created']);

    const stops = await Promise.all(Array.from({ length: 50 }, () => call(t.app, 'POST', `/api/channels/${channel}/loops/${id}/stop`, ownerCookie)));
    expect(stops.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(stops.every((answer) => Loop.parse(answer.json()).status === 'STOP')).toBe(true);
    expect(await statusChanges(id)).toEqual(['RESERVED', 'STOP']);
    // The queued job finds it stopped and leaves it.
    await t.app.jobs.drain('loop.process');
    expect((await loopOf(id)).status).toBe('STOP');

    const retries = await Promise.all(Array.from({ length: 50 }, () => call(t.app, 'POST', `/api/channels/${channel}/loops/${id}/retry`, ownerCookie)));
    expect(retries.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(retries.every((answer) => Loop.parse(answer.json()).status === 'RESERVED')).toBe(true);
    expect(await statusChanges(id)).toEqual(['RESERVED', 'STOP', 'RESERVED']);
    expect(await jobsOf(id)).toEqual(['completed', 'created']);

    expect(await t.app.jobs.drain('loop.process')).toBe(1);
    expect((await loopOf(id)).status).toBe('COMPLETE');
    expect(await statusChanges(id)).toEqual(['RESERVED', 'STOP', 'RESERVED', 'START', 'PROCESSING', 'COMPLETE']);
    const told = await sql<{ n: number }>`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${owner.userId} AND type = 'LOOP_PROCESSED' AND landing_url LIKE ${`%${id}`}`.execute(t.db);
    expect(told.rows[0]?.n).toBe(1);
    // A retry of a completed loop is refused; a stop of it too.
    expect((await call(t.app, 'POST', `/api/channels/${channel}/loops/${id}/retry`, ownerCookie)).statusCode).toBe(409);
    expect((await call(t.app, 'POST', `/api/channels/${channel}/loops/${id}/stop`, ownerCookie)).statusCode).toBe(409);
  }, 120_000);
});
