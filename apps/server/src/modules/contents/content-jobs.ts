import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { contentService, PUBLISH_QUEUE, type PublishJob } from './content-service';

const PublishJobData = z.object({ contentId: z.number().int().positive(), reservedAt: z.iso.datetime() }) satisfies z.ZodType<PublishJob>;

/**
 * The worker of reserved publications. Registered on every instance (a send
 * needs the queue's settings); it runs jobs only where background jobs are on,
 * and pg-boss hands each job to one of them.
 */
export const contentJobs = fp(
  async (app: FastifyInstance) => {
    const service = contentService(app.db, app.jobs, app.clock);
    await app.jobs.work<unknown>(
      PUBLISH_QUEUE,
      async (data, job) => {
        const parsed = PublishJobData.safeParse(data);
        // A malformed job can never succeed: logged and dropped rather than retried.
        if (!parsed.success) return app.log.error({ jobId: job.id }, 'content.publish job with malformed data');
        const outcome = await service.runReservation(parsed.data);
        app.log.info({ jobId: job.id, contentId: parsed.data.contentId, outcome }, 'reserved publication');
      },
      { unique: true },
    );
  },
  { name: 'content-jobs', dependencies: ['jobs'] },
);
