import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema';
import type { Jobs } from '../jobs/jobs';
import { MEDIA_KINDS } from './media-store';

/** Files whose owner is gone (a deleted SHORTS content's loop), removed after the change that left them commits. */
export const MEDIA_REMOVE_QUEUE = 'media.remove';

const FILES_PER_JOB = 100;
const MediaRemoveJob = z.object({ files: z.array(z.object({ kind: z.enum(MEDIA_KINDS), name: z.string().min(1).max(200) })).min(1).max(FILES_PER_JOB) });
export type MediaFiles = z.infer<typeof MediaRemoveJob>['files'];

/** Queues the removal of `files` in `tx` (nothing when there are none; a long list in several jobs). */
export async function queueRemoval(jobs: Pick<Jobs, 'send'>, tx: Transaction<Database>, files: MediaFiles): Promise<void> {
  for (let start = 0; start < files.length; start += FILES_PER_JOB) {
    await jobs.send(MEDIA_REMOVE_QUEUE, { files: files.slice(start, start + FILES_PER_JOB) }, { tx });
  }
}

/**
 * The worker that removes media files. The job is queued in the transaction of the change, so the
 * files go if and only if the change committed, and a crash right after it only delays their removal
 * (the job is retried). Removing a file already gone succeeds: a job that runs twice does no harm.
 */
export const mediaJobs = fp(
  async (app: FastifyInstance) => {
    await app.jobs.work<unknown>(MEDIA_REMOVE_QUEUE, async (data, job) => {
      const parsed = MediaRemoveJob.safeParse(data);
      // A malformed job can never succeed: logged and dropped rather than retried.
      if (!parsed.success) return app.log.error({ jobId: job.id }, 'media.remove job with malformed data');
      for (const file of parsed.data.files) await app.media.remove(file.kind, file.name);
    });
  },
  { name: 'media-jobs', dependencies: ['jobs'] },
);
