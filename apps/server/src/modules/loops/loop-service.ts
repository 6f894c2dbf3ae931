import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ErrorCode } from '@studio/contract/errors';
import type { Loop, PublishLoopBody } from '@studio/contract/loop';
import type { Transaction } from 'kysely';
import { LOOP_STUCK_AFTER_SECONDS } from '@studio/contract/constants';
import { LOOP_UPLOAD_CHUNK_BYTES } from '@studio/contract/loop';
import type { ChannelRow, Database, Db } from '../../db/schema';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { queueRemoval } from '../../media/media-jobs';
import type { MediaStore } from '../../media/media-store';
import { MediaProbeError, probe, type MediaTools } from '../../media/media-tools';
import { assertCreateOption } from '../contents/content-rules';
import { contentService } from '../contents/content-service';
import { LOOP_QUEUE, type LoopProcessor } from './loop-processing';
import { filesOf, loopRepository, toLoop, UNFINISHED, type LoopRow } from './loop-repository';
import { UPLOAD_REMOVE_QUEUE, UploadRemoveJob } from './loop-uploads';

/** How long one finisher holds the end of an upload: past the probe's own bound, so a dead finisher's claim lapses. */
const END_CLAIM_MS = 3 * 60_000;

/** What a tus request does with an upload: say where to resume (HEAD), add bytes (PATCH), cancel it (DELETE). */
export type UploadStep = 'resume' | 'append' | 'cancel';

type Deps = {
  db: Db;
  jobs: Jobs;
  clock: Clock;
  media: MediaStore;
  tools: MediaTools;
  log: FastifyBaseLogger;
  processor: LoopProcessor;
  maxSeconds: number;
  /** How many transcodes this instance runs at once. */
  workers: number;
};

/**
 * Loops as people handle them: the end of an upload (probed, then queued), continuing or cancelling
 * it, and a loop's retry, stop, thumbnail, publication and deletion. A change that owes the loop a
 * run queues its job in the transaction that made the change; the run itself is loop-processing's.
 */
export function loopService(deps: Deps) {
  const { db, jobs, clock, processor, maxSeconds } = deps;
  const loops = loopRepository(db);
  const contents = contentService(db, jobs, clock);
  const urlFor = (kind: 'loops' | 'thumbnails', name: string) => deps.media.urlFor(kind, name);

  /** Which of these rows are stuck now (only the unfinished ones are asked about). */
  const stuckOf = (executor: Db | Transaction<Database>, rows: LoopRow[]) => {
    const now = clock.now();
    const unfinished = rows.filter((row) => row.status && UNFINISHED.includes(row.status)).map((row) => row.id);
    return loops.stuckAmong(executor, unfinished, now, new Date(now.getTime() - LOOP_STUCK_AFTER_SECONDS * 1000));
  };

  /** The loop of the channel as its page shows it; a deleted one is not found. */
  async function findShown(channelId: number, loopId: string): Promise<LoopRow> {
    const row = await loops.findInChannel(channelId, loopId);
    if (!row || row.status === 'DELETE') throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * The last byte of an upload arrived: the file is judged by the probe, then queued for its
   * transcode, once. Answers why it is refused, if it is: the probe's reason (the loop is then
   * ERROR and its file gone), or NOT_FOUND when its row left while the last piece arrived. One
   * finisher at a time across every instance (the last piece's, a resume's, the sweep's): the others
   * answer null at once, without a probe of their own.
   */
  async function finishUpload(id: string, size: number): Promise<ErrorCode | null> {
    const token = randomUUID();
    const now = clock.now();
    if (!(await loops.takeEnd(id, token, now, new Date(now.getTime() + END_CLAIM_MS)))) {
      if (await loops.find(id)) return null;
      // Its row left while the last piece arrived (it had expired idle): no job will ever take the file.
      await processor.removeSource(id);
      return 'NOT_FOUND';
    }
    try {
      let refusal: ErrorCode | null = null;
      // The whole file, where it is: in the bucket it is read through this instance, never copied to its disk.
      const source = await processor.probeSource(id);
      try {
        if (!source) throw new Error('the upload has no file');
        // Length, frame size and rate as the file's frames have them (the probe refuses with the reason).
        await probe(deps.tools, source.input, { maxSeconds });
      } catch (error) {
        // The probe's own fault (its tool could not be started) says nothing of the file: it is kept and
        // the end is tried again (the claim is let go below). Only a verdict on the file refuses it.
        if (source && !(error instanceof MediaProbeError)) throw error;
        refusal = error instanceof MediaProbeError ? error.code : 'LOOP_NOT_VIDEO';
      } finally {
        await source?.release();
      }
      if (refusal) {
        const refused = await db.transaction().execute((tx) => loops.transition(tx, id, [null], 'ERROR', clock.now(), { error_code: refusal }));
        // Its row left meanwhile (cancelled, expired): whoever removed it removes the file.
        if (!refused) return 'NOT_FOUND';
        await processor.removeSource(id);
        return refusal;
      }
      const queued = await db.transaction().execute(async (tx) => {
        const marked = await loops.markUploaded(tx, id, size, clock.now());
        if (marked) await jobs.send(LOOP_QUEUE, { loopId: id }, { tx, singletonKey: id });
        return marked;
      });
      if (!queued) {
        // Its row left while it was judged: no job will ever take the file.
        await processor.removeSource(id);
        return 'NOT_FOUND';
      }
      return null;
    } finally {
      // Ended, the claim went with the state; not ended (a fault), the next finisher may take it now.
      await loops.releaseEnd(id, token).catch(() => undefined);
    }
  }

  return {
    /** The transcodes, and the removal of the files of uploads that expired idle (their rows are gone). */
    async startWorkers(): Promise<void> {
      // The files of an upload that expired idle (its row is gone): removing what is already gone succeeds.
      await jobs.work<unknown>(UPLOAD_REMOVE_QUEUE, async (data, job) => {
        const parsed = UploadRemoveJob.safeParse(data);
        // A malformed job can never succeed: logged and dropped rather than retried.
        if (!parsed.success) return deps.log.error({ jobId: job.id }, `${UPLOAD_REMOVE_QUEUE} job with malformed data`);
        await processor.removeSource(parsed.data.loopId);
      });
      // The job's expiry is only a backstop: a run whose instance died is handed on by the lease sweep.
      await jobs.work<{ loopId: string }>(LOOP_QUEUE, ({ loopId }) => processor.process(loopId), { unique: true, concurrency: deps.workers, expireInSeconds: Math.max(600, maxSeconds * 10) });
    },

    finishUpload,

    /**
     * Uploads whose every byte arrived but that were never ended: the instance taking the last piece
     * died between storing it and queuing the transcode, and no resume came to end it (the studio's
     * tus client, resuming, finds the upload whole and sends nothing more). Those quiet since `before`
     * are ended now, as the last piece would have; answers how many were looked at and ended.
     */
    async finishAbandoned(before: Date, limit: number): Promise<number> {
      let ended = 0;
      for (const row of await loops.uploadingQuietSince(before, LOOP_UPLOAD_CHUNK_BYTES, limit)) {
        try {
          if (!(await processor.uploadComplete(row.id, row.total_bytes))) continue;
          const refusal = await finishUpload(row.id, row.total_bytes);
          deps.log.info({ loopId: row.id, ...(refusal ? { refusal } : {}) }, 'ended an upload whose last piece was never ended');
          ended += 1;
        } catch (error) {
          // One upload's fault (its store, a passing database fault) leaves it to the next round, not the others.
          deps.log.warn({ err: error, loopId: row.id }, 'an upload whose last piece was never ended could not be ended');
        }
      }
      return ended;
    },

    /** The row of an upload goes: tus refused its creation, or the uploader cancelled it (tus removed its files). */
    async discardUpload(id: string): Promise<void> {
      await loops.remove(id);
    },

    /** The person's own upload, as long as `step` may still be taken with it (adding bytes also needs SHORTS allowed). */
    async ownUpload(channel: ChannelRow, userId: number, loopId: string, step: UploadStep): Promise<LoopRow> {
      const row = await loops.findInChannel(channel.id, loopId);
      if (!row || row.user_id !== userId) throw new AppError('NOT_FOUND');
      if (step === 'append') {
        if (row.status !== null) throw new AppError('LOOP_STATE_CHANGED');
        assertCreateOption(channel, 'SHORTS');
      }
      if (step === 'cancel' && row.status !== null) throw new AppError('LOOP_STATE_CHANGED');
      return row;
    },

    /** Where an upload's bytes reached, for the page's progress; best effort (the last piece is recorded by finishUpload). */
    async recordUploaded(row: LoopRow, offset: number): Promise<void> {
      if (Number.isFinite(offset) && offset < row.total_bytes) await loops.recordUploaded(row.id, offset, clock.now()).catch(() => undefined);
    },

    async listUnpublished(channelId: number, userId: number): Promise<Loop[]> {
      const rows = await loops.listUnpublished(channelId, userId);
      const stuck = await stuckOf(db, rows);
      return rows.map((row) => toLoop(row, urlFor, stuck.has(row.id)));
    },

    async find(channelId: number, loopId: string): Promise<Loop> {
      const row = await findShown(channelId, loopId);
      return toLoop(row, urlFor, (await stuckOf(db, [row])).has(row.id));
    },

    /**
     * A failed or stopped loop is processed again, and so is a stuck one (its job is gone: queued
     * afresh, once however many ask at once, under the row's lock); one on its way already answers as it is.
     */
    async retry(channel: ChannelRow, loopId: string): Promise<Loop> {
      assertCreateOption(channel, 'SHORTS');
      const row = await findShown(channel.id, loopId);
      if (row.status && UNFINISHED.includes(row.status)) {
        const requeued = await db.transaction().execute(async (tx) => {
          const locked = await loops.lockInChannel(tx, channel.id, row.id);
          if (!locked || !(await stuckOf(tx, [locked])).has(locked.id)) return undefined;
          const moved = await loops.requeue(tx, locked.id, clock.now());
          if (moved) await jobs.send(LOOP_QUEUE, { loopId: moved.id }, { tx, singletonKey: moved.id });
          return moved;
        });
        if (requeued) return toLoop(requeued, urlFor);
        // On its way (a parallel retry requeued it, or its job still lives): the same answer as a repeat.
        const now = await findShown(channel.id, row.id);
        return toLoop(now, urlFor, (await stuckOf(db, [now])).has(now.id));
      }
      const retried = await db.transaction().execute(async (tx) => {
        const moved = await loops.transition(tx, row.id, ['ERROR', 'STOP'], 'RESERVED', clock.now(), { error_code: null, progress: 0 });
        if (moved) await jobs.send(LOOP_QUEUE, { loopId: row.id }, { tx, singletonKey: row.id });
        return moved;
      });
      if (retried) return toLoop(retried, urlFor);
      // A parallel retry won: the loop is on its way, the same answer as a repeat.
      const now = await loops.findInChannel(channel.id, row.id);
      if (now?.status && UNFINISHED.includes(now.status)) return toLoop(now, urlFor);
      throw new AppError('LOOP_STATE_CHANGED');
    },

    /** Processing stops (STOP), also a run on this instance at once; a repeat answers the same. */
    async stop(channelId: number, loopId: string): Promise<Loop> {
      const row = await findShown(channelId, loopId);
      if (row.status === 'STOP') return toLoop(row, urlFor);
      const stopped = await loops.transition(db, row.id, UNFINISHED, 'STOP', clock.now());
      if (!stopped) {
        // A parallel stop won: the same answer as a repeat.
        const now = await loops.findInChannel(channelId, row.id);
        if (now?.status === 'STOP') return toLoop(now, urlFor);
        throw new AppError('LOOP_STATE_CHANGED');
      }
      processor.stop(row.id);
      return toLoop(stopped, urlFor);
    },

    /** A processed loop becomes a SHORTS content, once (under the loop's lock); answers the content's id. */
    async publish(channel: ChannelRow, userId: number, loopId: string, body: PublishLoopBody): Promise<number> {
      const { title, description, thumbnailIndex, reservation } = body;
      return db.transaction().execute(async (tx) => {
        const row = await loops.lockInChannel(tx, channel.id, loopId);
        if (!row || row.status === 'DELETE') throw new AppError('NOT_FOUND');
        if (row.content_id !== null) throw new AppError('LOOP_ALREADY_PUBLISHED', undefined, { contentId: row.content_id });
        if (row.status !== 'COMPLETE' || !row.video_name) throw new AppError('LOOP_NOT_COMPLETE', undefined, { status: row.status });
        const thumbnail = row.thumbnail_names[thumbnailIndex];
        if (!thumbnail) throw new AppError('VALIDATION_FAILED', undefined, { issues: [{ field: 'thumbnailIndex', message: `must be below ${row.thumbnail_names.length}` }] });
        const content = await contents.createShorts(tx, channel, userId, {
          title,
          description,
          thumbnailUrl: urlFor('thumbnails', thumbnail),
          videoUrl: urlFor('loops', row.video_name),
          durationSeconds: row.duration_seconds,
          reservation,
        });
        await loops.linkContent(tx, row.id, content.id, thumbnailIndex, clock.now());
        return content.id;
      });
    },

    async chooseThumbnail(channelId: number, loopId: string, index: number): Promise<Loop> {
      const row = await findShown(channelId, loopId);
      const chosen = await loops.chooseThumbnail(channelId, row.id, index, clock.now());
      if (!chosen) throw new AppError(row.status === 'COMPLETE' ? 'VALIDATION_FAILED' : 'LOOP_STATE_CHANGED');
      return toLoop(chosen, urlFor);
    },

    /** A loop not yet published is deleted (DELETE), its files with it; a repeat is not found. */
    async delete(channelId: number, loopId: string): Promise<void> {
      // Under the row's lock, as publishing takes it: a loop published meanwhile is not deleted (its
      // files are the content's now). The status and the removal of its files commit together.
      const deleted = await db.transaction().execute(async (tx) => {
        const row = await loops.lockInChannel(tx, channelId, loopId);
        if (!row || row.status === 'DELETE') throw new AppError('NOT_FOUND');
        if (row.content_id !== null) throw new AppError('LOOP_STATE_CHANGED');
        const changed = await loops.transition(tx, row.id, [null, 'RESERVED', 'START', 'PROCESSING', 'COMPLETE', 'STOP', 'ERROR'], 'DELETE', clock.now());
        if (!changed) return undefined;
        // The files as the row says at the change (a rendition that finished a moment ago included).
        await queueRemoval(jobs, tx, filesOf(changed));
        return changed;
      });
      if (!deleted) throw new AppError('NOT_FOUND');
      processor.stop(deleted.id);
      await processor.removeSource(deleted.id);
    },
  };
}

export type LoopService = ReturnType<typeof loopService>;
