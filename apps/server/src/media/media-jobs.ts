import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { MEDIA_KINDS } from './media-store';

/** Files whose owner is gone (a deleted SHORTS content's loop), removed after the change that left them commits. */
export const MEDIA_REMOVE_QUEUE = 'media.remove';

const MediaRemoveJob = z.object({ files: z.array(z.object({ kind: z.enum(MEDIA_KINDS), name: z.string().min(1).max(200) })).min(1).max(100) });
export type MediaRemoveJob = z.infer<typeof MediaRemoveJob>;

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
