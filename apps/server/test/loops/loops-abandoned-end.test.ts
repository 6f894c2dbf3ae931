import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Loop } from '@studio/contract/loop';
import { buildApp } from '../../src/app';
import { createDb } from '../../src/db/database';
import type { Db } from '../../src/db/schema';
import { LOOP_QUEUE } from '../../src/modules/loops/loop-processing';
import { ABANDONED_END_AFTER_MS } from '../../src/modules/loops/loop-uploads';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { call, createTestApp, type TestContext } from '../helper';
import { makeClips } from './clips';
import { tusHeaders } from './tus';

/**
 * An upload whose instance died between storing its last byte and queuing its transcode (issue 22's
 * balanced deployment, found by review): every byte is in the store, the loop still says "uploading",
 * and the browser's tus client, resuming, finds the upload whole and sends nothing more. It is ended
 * by that resume (HEAD), or, if no resume comes, by the worker's sweep once it has been quiet a while;
 * either way once, and it completes. The kill is played by putting the loop back as it was at that
 * moment: status NULL, no job.
 */

let t: TestContext;
let clips: ReturnType<typeof makeClips>;
let cookie: string;
let channel: number;
const pools: Db[] = [];
const started: FastifyInstance[] = [];
/** What the workers logged: shown when a check of the sweep fails. */
const workerLog: string[] = [];

const loopOf = async (id: string) => Loop.parse((await call(t.app, 'GET', `/api/channels/${channel}/loops/${id}`, cookie)).json());
const rowOf = (id: string) => t.db.selectFrom('loops').select(['status', 'error_code']).where('id', '=', id).executeTakeFirstOrThrow();
const liveJobs = async (id: string) =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${LOOP_QUEUE} AND singleton_key = ${id} AND state IN ('created', 'retry', 'active')`.execute(t.db)).rows[0]?.n);

/**
 * Every byte of a file stored, the upload never ended: all but the last byte go as a tus PATCH, the
 * last is written into the upload's file as the dying instance's store had (the disk store's offset is
 * its file's size). The row says uploading and no job exists, quiet for `quietMs` by the clock.
 */
async function storedButNeverEnded(file: string, quietMs = 0): Promise<string> {
  const bytes = readFileSync(file);
  const created = await t.app.inject({ method: 'POST', url: `/api/channels/${channel}/loops/uploads`, headers: tusHeaders(cookie, { 'upload-length': String(bytes.length) }) });
  expect(created.statusCode).toBe(201);
  const location = created.headers.location as string;
  const patched = await t.app.inject({ method: 'PATCH', url: location, headers: tusHeaders(cookie, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }), payload: bytes.subarray(0, -1) });
  expect(patched.statusCode).toBe(204);
  const id = location.split('/').pop() as string;
  // The route records the offset after the answer has gone: once it has, the row is not touched again.
  expect(await settled(() => t.db.selectFrom('loops').select('uploaded_bytes').where('id', '=', id).executeTakeFirstOrThrow(), (row) => row.uploaded_bytes === bytes.length - 1)).toEqual({ uploaded_bytes: bytes.length - 1 });
  appendFileSync(path.join(t.config.dataDir, 'uploads', 'loops', id), bytes.subarray(-1));
  await quiet(id, quietMs);
  expect(await rowOf(id)).toMatchObject({ status: null });
  expect(await liveJobs(id)).toBe(0);
  return id;
}

const quiet = (id: string, quietMs: number) => t.db.updateTable('loops').set({ updated_at: new Date(t.clock.now().getTime() - quietMs) }).where('id', '=', id).execute();

/** Reads until `done` holds (or 10 s pass), answering the last read. */
async function settled<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - start > 10_000) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const head = (id: string) => t.app.inject({ method: 'HEAD', url: `/api/channels/${channel}/loops/uploads/${id}`, headers: tusHeaders(cookie) });

/** A worker starting on the same database and files: its sweep runs as it becomes ready. */
async function worker(): Promise<FastifyInstance> {
  const db = createDb(t.url, { max: 4, connectTimeoutMs: 10_000, statementTimeoutMs: 20_000 });
  pools.push(db);
  const app = await buildApp({ config: { ...t.config, logLevel: 'info' }, db, clock: t.clock, logger: true, logStream: { write: (line: string) => void workerLog.push(line) }, backgroundJobs: true });
  started.push(app);
  await app.ready();
  return app;
}

beforeAll(async () => {
  clips = makeClips();
  t = await createTestApp({ env: { LOOP_MAX_SECONDS: '5', LOOP_MAX_BYTES: '20000000', LOOP_UNFINISHED_MAX: '10', LOOP_UNFINISHED_MAX_BYTES: '200000000' } });
  const owner = await createPerson(t.db);
  cookie = await t.cookieFor(owner.userId);
  channel = await createChannel(t.db, { name: '끝나지 않은 업로드', channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await addMember(t.db, channel, owner.userId, 'OWNER');
}, 60_000);

afterAll(async () => {
  for (const app of started) await app.close();
  for (const db of pools) await db.destroy();
  await t?.close();
});

describe('an upload whole in its store but never ended', () => {
  it('is ended by the resume that finds it whole, once however often it is asked, and completes', async () => {
    const id = await storedButNeverEnded(clips.vertical);
    expect((await loopOf(id)).status).toBeNull();

    const resumed = await head(id);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.headers['upload-offset']).toBe(resumed.headers['upload-length']);
    // Ended right after the answer (which goes first: the client's resume is not held up by the probe).
    expect(await settled(() => rowOf(id), (row) => row.status !== null)).toMatchObject({ status: 'RESERVED' });
    expect(await liveJobs(id)).toBe(1);

    // Asked again, also in parallel before it is ended: the same answer and still one job.
    const other = await storedButNeverEnded(clips.vertical);
    const again = await Promise.all([head(id), head(other), head(other), head(other)]);
    expect(again.map((reply) => reply.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await settled(() => rowOf(other), (row) => row.status !== null)).toMatchObject({ status: 'RESERVED' });
    // The other two finishers (if they got past the first check) end nothing more.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await liveJobs(id)).toBe(1);
    expect(await liveJobs(other)).toBe(1);

    expect(await t.app.jobs.drain(LOOP_QUEUE)).toBe(2);
    expect((await loopOf(id)).status).toBe('COMPLETE');
    expect((await loopOf(other)).status).toBe('COMPLETE');
  }, 60_000);

  it('is kept, not refused, when the probe itself cannot run on the instance taking the last piece; the resume ends it elsewhere', async () => {
    // An instance whose ffprobe cannot be started (the bounding wrapper answers 127: not found).
    const db = createDb(t.url, { max: 4, connectTimeoutMs: 10_000, statementTimeoutMs: 20_000 });
    pools.push(db);
    const broken = await buildApp({ config: { ...t.config, mediaTools: { ...t.config.mediaTools, ffprobe: path.join(t.config.dataDir, 'no-such-ffprobe') } }, db, clock: t.clock });
    await broken.ready();
    const bytes = readFileSync(clips.vertical);
    const created = await broken.inject({ method: 'POST', url: `/api/channels/${channel}/loops/uploads`, headers: tusHeaders(cookie, { 'upload-length': String(bytes.length) }) });
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    const id = location.split('/').pop() as string;
    const last = await broken.inject({ method: 'PATCH', url: location, headers: tusHeaders(cookie, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }), payload: bytes });
    // Gone before the rest: its workers would take the transcode and fail it too (retried, as a fault).
    await broken.close();
    // A passing fault with its code, not "not a video": the file and the loop stay as they were.
    expect(last.statusCode, last.body).toBe(503);
    expect((JSON.parse(last.body) as { code: string }).code).toBe('SERVICE_UNAVAILABLE');
    expect(await rowOf(id)).toMatchObject({ status: null, error_code: null });
    expect(existsSync(path.join(t.config.dataDir, 'uploads', 'loops', id))).toBe(true);
    expect(await liveJobs(id)).toBe(0);

    // The client's resume reaches a sound instance: the upload is whole, it is ended there, once.
    expect((await head(id)).statusCode).toBe(200);
    expect(await settled(() => rowOf(id), (row) => row.status !== null)).toMatchObject({ status: 'RESERVED' });
    expect(await liveJobs(id)).toBe(1);
    expect(await t.app.jobs.drain(LOOP_QUEUE)).toBe(1);
    expect((await loopOf(id)).status).toBe('COMPLETE');
  }, 60_000);

  it('is left alone by a resume while bytes are still missing', async () => {
    const bytes = readFileSync(clips.vertical);
    const created = await t.app.inject({ method: 'POST', url: `/api/channels/${channel}/loops/uploads`, headers: tusHeaders(cookie, { 'upload-length': String(bytes.length) }) });
    const location = created.headers.location as string;
    const half = await t.app.inject({ method: 'PATCH', url: location, headers: tusHeaders(cookie, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }), payload: bytes.subarray(0, 1000) });
    expect(half.statusCode).toBe(204);
    const id = location.split('/').pop() as string;
    const resumed = await head(id);
    expect(resumed.headers['upload-offset']).toBe('1000');
    // An end would run after the answer: given the time one takes above, nothing has happened.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await rowOf(id)).toMatchObject({ status: null });
    expect(await liveJobs(id)).toBe(0);
  });

  it('is ended by a worker\'s sweep when no resume comes, once quiet for the bound; a half upload and a refused file are told apart', async () => {
    // Quiet for longer than the bound: ended. Quiet for less: not yet (an instance may still be ending it).
    const whole = await storedButNeverEnded(clips.vertical, ABANDONED_END_AFTER_MS + 60_000);
    const recent = await storedButNeverEnded(clips.vertical, ABANDONED_END_AFTER_MS - 60_000);
    // Whole, but not a video: ended as the last piece would have been, refused with the probe's reason.
    const refused = await storedButNeverEnded(clips.text, ABANDONED_END_AFTER_MS + 60_000);
    // Half there, quiet for long: not whole, so not ended (the idle sweep takes it after its hours).
    const bytes = readFileSync(clips.vertical);
    const created = await t.app.inject({ method: 'POST', url: `/api/channels/${channel}/loops/uploads`, headers: tusHeaders(cookie, { 'upload-length': String(bytes.length) }) });
    const half = (created.headers.location as string).split('/').pop() as string;
    await t.app.inject({ method: 'PATCH', url: created.headers.location as string, headers: tusHeaders(cookie, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }), payload: bytes.subarray(0, 1000) });
    expect(await settled(() => t.db.selectFrom('loops').select('uploaded_bytes').where('id', '=', half).executeTakeFirstOrThrow(), (row) => row.uploaded_bytes === 1000)).toEqual({ uploaded_bytes: 1000 });
    await quiet(half, ABANDONED_END_AFTER_MS + 60_000);

    await worker();
    // The sweep runs beside the start (it probes files): its ends are waited for.
    expect(await settled(() => rowOf(refused), (row) => row.status !== null), workerLog.join('')).toMatchObject({ status: 'ERROR', error_code: 'LOOP_NOT_VIDEO' });
    expect(await settled(() => rowOf(whole), (row) => row.status !== null), workerLog.join('')).toMatchObject({ status: expect.stringMatching(/^(RESERVED|START|PROCESSING|COMPLETE)$/) as unknown });
    expect(await rowOf(recent), workerLog.join('')).toMatchObject({ status: null });
    expect(await rowOf(half)).toMatchObject({ status: null });
    expect(existsSync(path.join(t.config.dataDir, 'uploads', 'loops', refused))).toBe(false);
    // The worker that ended it transcodes it, once.
    expect(await settled(() => rowOf(whole), (row) => row.status === 'COMPLETE'), workerLog.join('')).toMatchObject({ status: 'COMPLETE' });
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${LOOP_QUEUE} AND singleton_key = ${whole}`.execute(t.db)).rows[0]?.n)).toBe(1);

    // The next sweep (another worker starting, the same bound passed) ends the recent one too, and nothing twice.
    t.clock.advance(2 * 60_000);
    await worker();
    expect(await settled(() => rowOf(recent), (row) => row.status !== null), workerLog.join('')).toMatchObject({ status: expect.stringMatching(/^(RESERVED|START|PROCESSING|COMPLETE)$/) as unknown });
    expect(await rowOf(half)).toMatchObject({ status: null });
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM pgboss.job WHERE name = ${LOOP_QUEUE} AND singleton_key = ${whole}`.execute(t.db)).rows[0]?.n)).toBe(1);
  }, 120_000);
});
