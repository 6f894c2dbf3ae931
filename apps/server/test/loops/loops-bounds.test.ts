import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@studio/contract/errors';
import { LOOP_UPLOAD_CHUNK_BYTES, LoopLimits, LoopUploadBytesLimitExtra, LoopUploadsLimitExtra } from '@studio/contract/loop';
import { loopUploadService, UPLOAD_REMOVE_QUEUE } from '../../src/modules/loops/loop-uploads';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { call, createTestApp, type TestContext } from '../helper';
import { eventually } from '../lives/encoder';
import { tusHeaders } from './tus';

let t: TestContext;
let channel: number;
let otherChannel: number;
const uploadsDir = () => path.join(t.config.dataDir, 'uploads', 'loops');

/** A member of both loop channels, with a session. */
async function person() {
  const created = await createPerson(t.db);
  for (const id of [channel, otherChannel]) await addMember(t.db, id, created.userId, 'MANAGER');
  return { userId: created.userId, cookie: await t.cookieFor(created.userId) };
}

function create(cookie: string, bytes: number, channelId = channel) {
  return t.app.inject({ method: 'POST', url: `/api/channels/${channelId}/loops/uploads`, headers: tusHeaders(cookie, { 'upload-length': String(bytes) }) });
}

function patch(cookie: string, location: string, offset: number, body: Buffer) {
  return t.app.inject({ method: 'PATCH', url: location, headers: tusHeaders(cookie, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }), payload: body });
}

const idOf = (location: string) => location.split('/').pop() as string;
const unfinishedRows = (userId: number) => t.db.selectFrom('loops').select(['id', 'total_bytes']).where('user_id', '=', userId).where('status', 'is', null).execute();
/** The tus file and its `.json` of each upload, as they are on disk. */
const filesOn = (ids: string[]) => readdirSync(uploadsDir()).filter((name) => ids.some((id) => name === id || name === `${id}.json`));

beforeAll(async () => {
  // The per-minute allowance of starts is another test's: here only the bounds on what is held at once speak.
  t = await createTestApp({ env: { LOOP_UPLOAD_STARTS_PER_MINUTE: '1000' } });
  channel = await createChannel(t.db, { name: '루프 채널', channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  otherChannel = await createChannel(t.db, { name: '두 번째 루프 채널', channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('unfinished uploads are bounded per person', () => {
  it('answers its bounds with the limits', async () => {
    const me = await person();
    const limits = LoopLimits.parse((await call(t.app, 'GET', `/api/channels/${channel}/loops/limits`, me.cookie)).json());
    expect(limits).toMatchObject({ maxUnfinished: t.config.loops.maxUnfinished, maxUnfinishedBytes: t.config.loops.maxUnfinishedBytes, idleHours: t.config.loops.idleHours });
    // The defaults: three at once, twice the largest file between them, a day idle.
    expect([t.config.loops.maxUnfinished, t.config.loops.maxUnfinishedBytes, t.config.loops.idleHours]).toEqual([3, 2 * t.config.loops.maxBytes, 24]);
  });

  it('holds under 50 parallel creations from one person: exactly maxUnfinished are opened, across channels, and the rest are refused before anything is stored', async () => {
    const me = await person();
    const before = readdirSync(uploadsDir()).length;
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => create(me.cookie, 1000, i % 2 ? channel : otherChannel)));
    const opened = answers.filter((answer) => answer.statusCode === 201);
    const refused = answers.filter((answer) => answer.statusCode !== 201);
    expect(opened).toHaveLength(t.config.loops.maxUnfinished);
    expect(refused.map((answer) => answer.statusCode)).toEqual(Array(50 - t.config.loops.maxUnfinished).fill(409));
    for (const answer of refused) {
      const body = ErrorBody.parse(answer.json());
      expect(body.code).toBe('LOOP_UPLOADS_LIMIT_REACHED');
      expect(LoopUploadsLimitExtra.parse(body.extra)).toEqual({ unfinished: t.config.loops.maxUnfinished, maxUnfinished: t.config.loops.maxUnfinished });
    }
    expect(await unfinishedRows(me.userId)).toHaveLength(t.config.loops.maxUnfinished);
    // Only the opened ones have files (the tus file and its .json each).
    expect(readdirSync(uploadsDir()).length - before).toBe(2 * t.config.loops.maxUnfinished);

    // Cancelling one makes room for one; somebody else was never bound by this person's uploads.
    const cancelled = await t.app.inject({ method: 'DELETE', url: opened[0]!.headers.location as string, headers: tusHeaders(me.cookie) });
    expect(cancelled.statusCode).toBe(204);
    expect((await create(me.cookie, 1000)).statusCode).toBe(201);
    expect((await create(me.cookie, 1000)).statusCode).toBe(409);
    const other = await person();
    expect((await create(other.cookie, 1000)).statusCode).toBe(201);
  });

  it("re-runs the probe: 30 uploads declaring 400 MB each at once; only what fits in the person's bytes is opened", async () => {
    const me = await person();
    const declared = 400 * 1000 * 1000;
    const answers = await Promise.all(Array.from({ length: 30 }, () => create(me.cookie, declared)));
    const fits = Math.floor(t.config.loops.maxUnfinishedBytes / declared);
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(fits);
    const refusal = ErrorBody.parse(answers.find((answer) => answer.statusCode === 409)?.json());
    expect(refusal.code).toBe('LOOP_UPLOAD_BYTES_LIMIT_REACHED');
    expect(LoopUploadBytesLimitExtra.parse(refusal.extra)).toEqual({ unfinishedBytes: fits * declared, requestedBytes: declared, maxUnfinishedBytes: t.config.loops.maxUnfinishedBytes });
    const rows = await unfinishedRows(me.userId);
    expect(rows.reduce((sum, row) => sum + Number(row.total_bytes), 0)).toBeLessThanOrEqual(t.config.loops.maxUnfinishedBytes);
    // What is left still fits a smaller file, up to the bound exactly.
    const rest = t.config.loops.maxUnfinishedBytes - fits * declared;
    expect((await create(me.cookie, rest + 1)).statusCode).toBe(409);
    expect((await create(me.cookie, rest)).statusCode).toBe(201);
  });

  it('lets a whole upload of the largest size through: its pieces (LOOP_UPLOAD_CHUNK_BYTES each) fit in one minute', async () => {
    const me = await person();
    const pieces = Math.ceil(t.config.loops.maxBytes / LOOP_UPLOAD_CHUNK_BYTES);
    expect(pieces).toBe(Math.ceil(t.config.loops.maxBytes / (10 * 1024 * 1024)));
    // The same number of PATCH requests, one byte each (the allowance counts requests, not bytes).
    // One byte more than it sends, so it stays unfinished (the last piece would hand it to processing).
    const created = await create(me.cookie, pieces + 1);
    const location = created.headers.location as string;
    for (let offset = 0; offset < pieces; offset += 1) {
      const answer = await patch(me.cookie, location, offset, Buffer.from([offset & 0xff]));
      expect(answer.statusCode, `piece ${offset}`).toBe(204);
    }
    const rows = await unfinishedRows(me.userId);
    expect(rows).toHaveLength(1);
    await t.app.inject({ method: 'DELETE', url: location, headers: tusHeaders(me.cookie) });
  }, 60_000);
});

/**
 * A PATCH records its bytes just after the answer has gone (tus writes the answer): a sweep run in between
 * skips the row it finds locked, as it should, so the test lets the record land before it moves the clock.
 */
const recorded = (loopId: string, bytes: number) =>
  eventually(async () => (await t.db.selectFrom('loops').select('uploaded_bytes').where('id', '=', loopId).executeTakeFirst())?.uploaded_bytes === bytes, 5_000, `loop ${loopId} records ${bytes} bytes`);

describe('abandoned uploads expire', () => {
  it('an upload that receives nothing for the idle time leaves with its files, once, and its person can open a new one', async () => {
    const me = await person();
    const service = loopUploadService({ db: t.db, jobs: t.app.jobs, clock: t.clock, bounds: t.config.loops });
    const idleMs = t.config.loops.idleHours * 3_600_000;
    // What the tests above left goes first, so that what follows counts this person's uploads only.
    t.clock.advance(idleMs + 1);
    await service.expireIdle();
    await t.app.jobs.drain(UPLOAD_REMOVE_QUEUE);
    expect(await t.db.selectFrom('loops').select('id').where('status', 'is', null).execute()).toEqual([]);
    const opened: string[] = [];
    for (let i = 0; i < t.config.loops.maxUnfinished; i += 1) {
      const answer = await create(me.cookie, 1000);
      expect(answer.statusCode).toBe(201);
      opened.push(answer.headers.location as string);
    }
    expect((await create(me.cookie, 1000)).statusCode).toBe(409);
    const ids = opened.map(idOf);
    expect(filesOn(ids)).toHaveLength(2 * ids.length);

    // One of them receives bytes shortly before the others' deadline: its own idle time starts again.
    t.clock.advance(idleMs - 60_000);
    expect((await patch(me.cookie, opened[0]!, 0, Buffer.alloc(100))).statusCode).toBe(204);
    await recorded(ids[0]!, 100);
    expect(await service.expireIdle()).toBe(0);
    t.clock.advance(60_001);
    expect(await service.expireIdle()).toBe(ids.length - 1);
    expect(await service.expireIdle()).toBe(0);

    const idle = ids.slice(1);
    expect((await unfinishedRows(me.userId)).map((row) => row.id)).toEqual([ids[0]]);
    // The files go with the job queued with the delete, once.
    expect(filesOn(idle)).toHaveLength(2 * idle.length);
    expect(await t.app.jobs.drain(UPLOAD_REMOVE_QUEUE)).toBe(idle.length);
    expect(filesOn(idle)).toEqual([]);
    expect(await t.app.jobs.drain(UPLOAD_REMOVE_QUEUE)).toBe(0);
    for (const location of opened.slice(1)) expect((await t.app.inject({ method: 'HEAD', url: location, headers: tusHeaders(me.cookie) })).statusCode).toBe(404);

    // Room again: the person opens new uploads; the one that was active continues.
    expect((await create(me.cookie, 1000)).statusCode).toBe(201);
    expect((await patch(me.cookie, opened[0]!, 100, Buffer.alloc(100))).statusCode).toBe(204);
    await recorded(ids[0]!, 200);

    // And it too expires once left alone for the idle time.
    t.clock.advance(idleMs + 1);
    expect(await service.expireIdle()).toBe(2);
    expect(await t.app.jobs.drain(UPLOAD_REMOVE_QUEUE)).toBe(2);
    expect(await unfinishedRows(me.userId)).toEqual([]);
    expect(existsSync(path.join(uploadsDir(), ids[0]!))).toBe(false);
  });
});
