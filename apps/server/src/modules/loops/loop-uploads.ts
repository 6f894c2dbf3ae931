import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/schema';
import type { Jobs } from '../../jobs/jobs';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { loopRepository } from './loop-repository';

/** The files of an expired upload (the tus file and its `.json`), removed after the row's delete commits. */
export const UPLOAD_REMOVE_QUEUE = 'loop.upload-remove';
export const UploadRemoveJob = z.object({ loopId: z.uuid() });

/** How often the idle uploads are looked for: an abandoned upload goes at most this long after its deadline. */
const SWEEP_EVERY_MS = 15 * 60_000;
/** Rows one sweep deletes in one transaction; the rest wait for the next round (a backlog drains in rounds). */
const SWEEP_BATCH = 500;
/**
 * How long an upload is quiet before the sweep asks its store whether every byte is there (then it is
 * ended, as its last piece would have been): a last piece's own end is well under way by then, and
 * one finisher at a time takes the end anyway (loop-service's finishUpload).
 */
export const ABANDONED_END_AFTER_MS = 5 * 60_000;
/** Quiet uploads one sweep asks the store about; the rest wait for the next round. */
const ABANDONED_BATCH = 100;

export type UploadBounds = { maxUnfinished: number; maxUnfinishedBytes: number; idleHours: number };

/**
 * What one person may hold unfinished (docs/decisions/028-loop-upload-bounds.md): at most
 * `maxUnfinished` uploads and `maxUnfinishedBytes` declared by them together, judged and written under
 * a lock on the person, so parallel creations cannot both see room for one; and uploads idle for
 * `idleHours` leave, their files with a job queued in the same transaction.
 */
export function loopUploadService(deps: { db: Db; jobs: Pick<Jobs, 'send'>; clock: Clock; bounds: UploadBounds }) {
  const loops = loopRepository(deps.db);
  const { maxUnfinished, maxUnfinishedBytes, idleHours } = deps.bounds;

  return {
    /** Writes the row of a new upload, or refuses it (409) before anything is stored. */
    async open(entry: { id: string; channelId: number; userId: number; totalBytes: number; fileName: string | null }): Promise<void> {
      await deps.db.transaction().execute(async (tx) => {
        await loops.lockUploadsOf(tx, entry.userId);
        const unfinished = await loops.unfinishedOf(tx, entry.userId);
        if (unfinished.count >= maxUnfinished) throw new AppError('LOOP_UPLOADS_LIMIT_REACHED', undefined, { unfinished: unfinished.count, maxUnfinished });
        if (unfinished.bytes + entry.totalBytes > maxUnfinishedBytes) {
          throw new AppError('LOOP_UPLOAD_BYTES_LIMIT_REACHED', undefined, { unfinishedBytes: unfinished.bytes, requestedBytes: entry.totalBytes, maxUnfinishedBytes });
        }
        await loops.create(tx, { ...entry, at: deps.clock.now() });
      });
    },

    /**
     * Deletes the uploads that received nothing for `idleHours` (by the clock, from their last
     * activity) and queues the removal of their files in the same transaction: the files go if and
     * only if the row did, once, even after a crash. Several instances may sweep at once.
     */
    async expireIdle(): Promise<number> {
      const before = new Date(deps.clock.now().getTime() - idleHours * 3_600_000);
      let expired = 0;
      for (;;) {
        const ids = await deps.db.transaction().execute(async (tx) => {
          const deleted = await loops.deleteIdleUploads(tx, before, SWEEP_BATCH);
          for (const loopId of deleted) await deps.jobs.send(UPLOAD_REMOVE_QUEUE, { loopId }, { tx });
          return deleted;
        });
        expired += ids.length;
        if (ids.length < SWEEP_BATCH) return expired;
      }
    },
  };
}

export type LoopUploadService = ReturnType<typeof loopUploadService>;

/**
 * The sweep of idle uploads at start and every fifteen minutes where background jobs run, as the other
 * sweeps (docs/decisions/005-expiry-sweep-on-a-timer.md); the removal of the files is a durable job.
 * First, uploads whose every byte arrived but were never ended (their instance died in between) are
 * ended: they are not idle, they are owed their transcode.
 */
export async function idleUploadSweep(app: FastifyInstance, options: { finishAbandoned(before: Date, limit: number): Promise<number> }) {
  const service = loopUploadService({ db: app.db, jobs: app.jobs, clock: app.clock, bounds: app.config.loops });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const sweep = async () => {
    const ended = await options.finishAbandoned(new Date(app.clock.now().getTime() - ABANDONED_END_AFTER_MS), ABANDONED_BATCH);
    if (ended > 0) app.log.info({ ended }, 'ended loop uploads whose last piece was never ended');
    return service.expireIdle();
  };
  const run = () => {
    // One run at a time: a slow database must not stack sweeps up.
    running ??= sweep()
      .then((expired) => {
        if (expired > 0) app.log.info({ expired }, 'removed idle loop uploads');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'idle loop upload sweep failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    // Not awaited: ending uploads probes files, which must not hold the instance's start back.
    void run();
    timer = setInterval(() => void run(), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
