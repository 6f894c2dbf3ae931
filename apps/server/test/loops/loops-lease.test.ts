import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOP_MAX_ATTEMPTS, LOOP_QUEUE, loopProcessor, retryDelayMs, type LoopProcessor } from '../../src/modules/loops/loop-processing';
import { loopRepository } from '../../src/modules/loops/loop-repository';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { uploadStore } from '../../src/media/stores/upload-store';
import { createTestApp, type TestContext } from '../helper';

/**
 * The lease of a loop's run (crash-safe processing): a run whose instance died is handed back to the
 * queue once its lease runs out, with the files it left removed; a job that turns up late finds the
 * loop held or done and does nothing; a run that lost its lease can neither record progress nor
 * complete; and the attempts stay bounded. Time moves through the app's clock.
 */

let t: TestContext;
let processor: LoopProcessor;
let channel: number;
let userId: number;
const LEASE_MS = 30_000;

const loops = () => loopRepository(t.db);
const workDir = () => path.resolve(t.config.dataDir, 'run', 'loops');

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createPerson(t.db);
  userId = owner.userId;
  channel = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await addMember(t.db, channel, owner.userId, 'OWNER');
  processor = loopProcessor({
    db: t.db,
    media: t.app.media,
    tools: t.config.mediaTools,
    clock: t.clock,
    log: t.app.log,
    jobs: t.app.jobs,
    uploads: uploadStore(t.config.storage, { uploadsDir: path.resolve(t.config.dataDir, 'uploads', 'loops'), scratchDir: workDir(), objects: t.app.media.objects }),
    workDir: workDir(),
    maxSeconds: 180,
    leaseMs: LEASE_MS,
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A loop uploaded and queued (RESERVED), as the upload's last byte leaves it. */
async function queuedLoop(): Promise<string> {
  const id = randomUUID();
  await loops().create(t.db, { id, channelId: channel, userId, totalBytes: 1000, at: t.clock.now() });
  await t.db.transaction().execute((tx) => loops().markUploaded(tx, id, 1000, t.clock.now()));
  return id;
}

/** A run takes the loop, as the worker does: a fresh token, the lease from now. */
async function claim(id: string) {
  const token = randomUUID();
  const row = await loops().claim(id, token, t.clock.now(), new Date(t.clock.now().getTime() + LEASE_MS));
  return { token, row };
}

/** What a run of `token` writes (loop-processing.ts names them so), made here as a crash would leave them: objects in the media store and its local scratch folder. */
async function leaveFiles(token: string) {
  const objects = [`loops/${token}.mp4`, `thumbnails/${token}-0.jpg`];
  for (const key of objects) await t.app.media.objects.put(key, Buffer.from('half'), { contentType: 'application/octet-stream' });
  const work = path.join(workDir(), `${token}.work`);
  mkdirSync(work, { recursive: true });
  writeFileSync(path.join(work, 'rendition.mp4'), 'half');
  return { objects, work };
}

/** Which of what leaveFiles made is still there. */
async function stillThere(left: { objects: string[]; work: string }) {
  const found: string[] = [];
  for (const key of left.objects) if (await t.app.media.objects.head(key)) found.push(key);
  if (existsSync(left.work)) found.push(left.work);
  return found;
}

async function jobsOf(id: string) {
  const { rows } = await sql<{ state: string; start_after: Date }>`
    SELECT state, start_after FROM pgboss.job WHERE name = ${LOOP_QUEUE} AND data->>'loopId' = ${id} ORDER BY created_on`.execute(t.db);
  return rows;
}

describe('the lease of a loop run', () => {
  it('hands a run whose lease ran out back to the queue, with a retry delay, and removes the files it left', async () => {
    const id = await queuedLoop();
    const { token, row } = await claim(id);
    expect(row?.status).toBe('START');
    await t.db.updateTable('loops').set({ status: 'PROCESSING', progress: 30 }).where('id', '=', id).execute();
    const left = await leaveFiles(token);
    const other = await leaveFiles(randomUUID());

    // The lease still runs: nothing moves.
    t.clock.advance(LEASE_MS - 1_000);
    expect(await processor.sweepExpiredLeases(t.clock.now())).toBe(0);
    expect((await loops().find(id))?.status).toBe('PROCESSING');

    // Its instance died (no renewal): past the lease, the loop goes back to the queue.
    t.clock.advance(2_000);
    const before = Date.now();
    expect(await processor.sweepExpiredLeases(t.clock.now())).toBe(1);
    const swept = await loops().find(id);
    expect(swept).toMatchObject({ status: 'RESERVED', progress: 0, attempts: 1, lease_token: null, lease_until: null });
    const jobs = await jobsOf(id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.state).toBe('created');
    // Not at once: after the first retry delay.
    expect(jobs[0]!.start_after.getTime()).toBeGreaterThanOrEqual(before + retryDelayMs(1) - 1_000);
    expect(await stillThere(left)).toEqual([]);
    // Files of another run are not its to remove.
    expect(await stillThere(other)).toEqual([...other.objects, other.work]);

    // A second sweep finds nothing more to do.
    expect(await processor.sweepExpiredLeases(t.clock.now())).toBe(0);
    expect(await jobsOf(id)).toHaveLength(1);
  });

  it('lets no late job take a loop held by a live run, and no run that lost its lease record progress or complete', async () => {
    const id = await queuedLoop();
    const first = await claim(id);
    await t.db.updateTable('loops').set({ status: 'PROCESSING' }).where('id', '=', id).execute();
    t.clock.advance(LEASE_MS + 1_000);
    expect(await processor.sweepExpiredLeases(t.clock.now())).toBe(1);

    // The next run takes it; the dead run's job, expired by pg-boss much later, does nothing meanwhile.
    const second = await claim(id);
    expect(second.row).toMatchObject({ status: 'START', attempts: 2 });
    const late = await claim(id);
    expect(late.row).toBeUndefined();
    await processor.process(id);
    expect(await loops().find(id)).toMatchObject({ status: 'START', attempts: 2, lease_token: second.token });

    await t.db.updateTable('loops').set({ status: 'PROCESSING' }).where('id', '=', id).execute();
    // The first run, had it lived on somewhere, is told it lost the loop and cannot finish it.
    const at = t.clock.now();
    const until = new Date(at.getTime() + LEASE_MS);
    expect(await loops().progress(id, first.token, 50, at, until)).toBe(false);
    expect(await loops().renew(id, first.token, until)).toBe(false);
    const output = { videoName: `${first.token}.mp4`, thumbnailNames: [], width: 720, height: 1280, durationSeconds: 3 };
    expect(await t.db.transaction().execute((tx) => loops().complete(tx, id, first.token, output, at))).toBeUndefined();
    // The holder renews and completes, once.
    expect(await loops().progress(id, second.token, 50, at, until)).toBe(true);
    const done = await t.db.transaction().execute((tx) => loops().complete(tx, id, second.token, { ...output, videoName: `${second.token}.mp4` }, at));
    expect(done).toMatchObject({ status: 'COMPLETE', lease_token: null, video_name: `${second.token}.mp4` });
    // A job arriving after that finds nothing to do.
    await processor.process(id);
    expect(await loops().find(id)).toMatchObject({ status: 'COMPLETE', attempts: 2 });
  });

  it('fails the loop for good once its runs used up LOOP_MAX_ATTEMPTS, and tells the uploader', async () => {
    const id = await queuedLoop();
    for (let attempt = 1; attempt <= LOOP_MAX_ATTEMPTS; attempt++) {
      const { row } = await claim(id);
      expect(row?.attempts).toBe(attempt);
      t.clock.advance(LEASE_MS + 1_000);
      expect(await processor.sweepExpiredLeases(t.clock.now())).toBe(1);
    }
    expect(await loops().find(id)).toMatchObject({ status: 'ERROR', error_code: 'LOOP_PROCESSING_FAILED', attempts: LOOP_MAX_ATTEMPTS });
    // One job waits per loop at a time (a unique queue): the hand-backs queued no second one.
    expect((await jobsOf(id)).map((job) => job.state)).toEqual(['created']);
    const told = await t.db.selectFrom('notifications').select('type').where('user_id', '=', userId).where('type', '=', 'LOOP_FAILED').execute();
    expect(told).toHaveLength(1);
  });
});
