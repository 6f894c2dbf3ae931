import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOP_STUCK_AFTER_SECONDS } from '@studio/contract/constants';
import { ErrorBody } from '@studio/contract/errors';
import { Loop, LoopList } from '@studio/contract/loop';
import { LOOP_QUEUE } from '../../src/modules/loops/loop-processing';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { call, createTestApp, type TestContext } from '../helper';
import { makeClips } from './clips';
import { tusHeaders } from './tus';

/**
 * Issue 25, point 3: a loop marked as processing whose job is gone is told as stuck (never
 * "processing" for hours) and can be retried, queued once however many ask at once, or deleted.
 * Its list tells uploads apart by the file's name. Time moves through the app's clock.
 */

let t: TestContext;
let clips: ReturnType<typeof makeClips>;
let ownerCookie: string;
let strangerCookie: string;
let channel: number;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Uploads a whole clip over tus with its file name, as the studio's browser does; answers the loop id (queued). */
async function upload(file: string, fileName: string): Promise<string> {
  const bytes = readFileSync(file);
  const created = await t.app.inject({
    method: 'POST',
    url: `/api/channels/${channel}/loops/uploads`,
    headers: tusHeaders(ownerCookie, { 'upload-length': String(bytes.length), 'upload-metadata': `filetype ${b64('video/mp4')},filename ${b64(fileName)}` }),
  });
  expect(created.statusCode).toBe(201);
  const location = created.headers.location as string;
  const patched = await t.app.inject({ method: 'PATCH', url: location, headers: tusHeaders(ownerCookie, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }), payload: bytes });
  expect(patched.statusCode).toBe(204);
  return location.split('/').pop() as string;
}

const loopOf = async (id: string) => Loop.parse((await call(t.app, 'GET', `/api/channels/${channel}/loops/${id}`, ownerCookie)).json());
const liveJobs = async (id: string) =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${LOOP_QUEUE} AND singleton_key = ${id} AND state IN ('created', 'retry', 'active')`.execute(t.db)).rows[0]?.n);
/** pg-boss lost the loop's job (its retries used up by a fault, an archive, a hand in the database). */
const loseJobs = (id: string) => sql`DELETE FROM pgboss.job WHERE name = ${LOOP_QUEUE} AND singleton_key = ${id}`.execute(t.db);

beforeAll(async () => {
  clips = makeClips();
  t = await createTestApp({ env: { LOOP_MAX_SECONDS: '5', LOOP_MAX_BYTES: '20000000' } });
  const owner = await createPerson(t.db);
  const stranger = await createPerson(t.db);
  ownerCookie = await t.cookieFor(owner.userId);
  strangerCookie = await t.cookieFor(stranger.userId);
  channel = await createChannel(t.db, { name: '멈춘 루프 채널', channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await addMember(t.db, channel, owner.userId, 'OWNER');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('a loop whose job is gone', () => {
  it('is waiting, not stuck, while its job lives, however long it waits', async () => {
    const id = await upload(clips.vertical, '여름 바다.mp4');
    expect(await liveJobs(id)).toBe(1);
    t.clock.advance(3 * 3_600_000);
    expect(await loopOf(id)).toMatchObject({ status: 'RESERVED', stuck: false, fileName: '여름 바다.mp4' });
    await loseJobs(id);
  });

  it('is stuck once its job is gone and nothing moved for the bound, in the loop and in the list', async () => {
    const id = await upload(clips.vertical, 'clip-a.mp4');
    await loseJobs(id);
    // Just moved: not yet (a run may be between its steps).
    t.clock.advance((LOOP_STUCK_AFTER_SECONDS - 1) * 1000);
    expect((await loopOf(id)).stuck).toBe(false);
    t.clock.advance(2_000);
    expect(await loopOf(id)).toMatchObject({ status: 'RESERVED', stuck: true });
    const list = LoopList.parse((await call(t.app, 'GET', `/api/channels/${channel}/loops`, ownerCookie)).json());
    expect(list.content.find((loop) => loop.id === id)).toMatchObject({ stuck: true, fileName: 'clip-a.mp4' });
  });

  it('is not stuck while a run holds a live lease, even without a job', async () => {
    const id = await upload(clips.vertical, 'clip-b.mp4');
    await loseJobs(id);
    const leaseUntil = new Date(t.clock.now().getTime() + 10 * 60_000);
    await t.db.updateTable('loops').set({ status: 'PROCESSING', lease_token: crypto.randomUUID(), lease_until: leaseUntil }).where('id', '=', id).execute();
    t.clock.advance((LOOP_STUCK_AFTER_SECONDS + 1) * 1000);
    expect((await loopOf(id)).stuck).toBe(false);
    // The run's instance died: once the lease ran out, it is stuck (no worker swept it here).
    t.clock.advance(10 * 60_000);
    expect((await loopOf(id)).stuck).toBe(true);
  });

  it('is queued once by 50 parallel retries, each answered the same, and then completes', async () => {
    const id = await upload(clips.vertical, 'clip-c.mp4');
    await loseJobs(id);
    t.clock.advance((LOOP_STUCK_AFTER_SECONDS + 1) * 1000);
    expect((await loopOf(id)).stuck).toBe(true);

    const answers = await Promise.all(Array.from({ length: 50 }, () => call(t.app, 'POST', `/api/channels/${channel}/loops/${id}/retry`, ownerCookie)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
    for (const answer of answers) expect(Loop.parse(answer.json())).toMatchObject({ status: 'RESERVED', stuck: false });
    expect(await liveJobs(id)).toBe(1);
    // The same loop later: its job lives, so it waits (not stuck), and a repeat queues nothing more.
    t.clock.advance((LOOP_STUCK_AFTER_SECONDS + 1) * 1000);
    expect((await loopOf(id)).stuck).toBe(false);
    expect((await call(t.app, 'POST', `/api/channels/${channel}/loops/${id}/retry`, ownerCookie)).statusCode).toBe(200);
    expect(await liveJobs(id)).toBe(1);

    await t.app.jobs.drain(LOOP_QUEUE);
    expect(await loopOf(id)).toMatchObject({ status: 'COMPLETE', stuck: false });
  }, 60_000);

  it('can be deleted', async () => {
    const id = await upload(clips.vertical, 'clip-d.mp4');
    await loseJobs(id);
    t.clock.advance((LOOP_STUCK_AFTER_SECONDS + 1) * 1000);
    expect((await call(t.app, 'DELETE', `/api/channels/${channel}/loops/${id}`, ownerCookie)).statusCode).toBe(204);
    expect((await call(t.app, 'GET', `/api/channels/${channel}/loops/${id}`, ownerCookie)).statusCode).toBe(404);
  });

  it('answers a retry 401 without a session, 403 for a stranger, 404 for a loop that does not exist', async () => {
    const id = await upload(clips.vertical, 'clip-e.mp4');
    const url = `/api/channels/${channel}/loops/${id}/retry`;
    expect((await call(t.app, 'POST', url)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', url, strangerCookie)).statusCode).toBe(403);
    const missing = await call(t.app, 'POST', `/api/channels/${channel}/loops/${crypto.randomUUID()}/retry`, ownerCookie);
    expect(missing.statusCode).toBe(404);
    expect(ErrorBody.parse(missing.json()).code).toBe('NOT_FOUND');
  });

  it('is refused a retry, with the reason, while the channel’s shorts are paused', async () => {
    const id = await upload(clips.vertical, 'clip-f.mp4');
    await loseJobs(id);
    t.clock.advance((LOOP_STUCK_AFTER_SECONDS + 1) * 1000);
    await t.db.updateTable('channels').set({ shorts_status: 'PAUSE' }).where('id', '=', channel).execute();
    try {
      const refused = await call(t.app, 'POST', `/api/channels/${channel}/loops/${id}/retry`, ownerCookie);
      expect(refused.statusCode).toBe(403);
      expect(ErrorBody.parse(refused.json())).toMatchObject({ code: 'CREATE_OPTION_DISABLED', extra: { option: 'LOOP_UPLOAD' } });
      expect(await liveJobs(id)).toBe(0);
    } finally {
      await t.db.updateTable('channels').set({ shorts_status: 'SERVICE' }).where('id', '=', channel).execute();
    }
  });
});
