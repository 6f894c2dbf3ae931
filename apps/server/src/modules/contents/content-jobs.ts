import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { isPassingDatabaseFault } from '../../db/database';
import { contentService, PUBLISH_QUEUE, type PublishJob, type ReservationOutcome } from './content-service';

const PublishJobData = z.object({ contentId: z.number().int().positive(), reservedAt: z.iso.datetime() }) satisfies z.ZodType<PublishJob>;

/**
 * The worker of reserved publications. Registered on every instance (a send
 * needs the queue's settings); it runs jobs only where background jobs are on,
 * and pg-boss hands each job to one of them.
 */
export const contentJobs = fp(
  async (app: FastifyInstance, options: { workers: boolean }) => {
    const service = contentService(app.db, app.jobs, app.clock);
    await app.jobs.work<unknown>(
      PUBLISH_QUEUE,
      async (data, job) => {
        const parsed = PublishJobData.safeParse(data);
        // A malformed job can never succeed: logged and dropped rather than retried.
        if (!parsed.success) return app.log.error({ jobId: job.id }, 'content.publish job with malformed data');
        let outcome: ReservationOutcome;
        try {
          outcome = await service.runReservation(parsed.data);
        } catch (error) {
          // A passing fault (the database away or slow for a moment, a lock not granted) says nothing
          // about the reservation: the job is retried with backoff and publishes then. A failed
          // reservation is the content's own doing only.
          if (isPassingDatabaseFault(error)) {
            app.log.warn({ err: error, jobId: job.id, contentId: parsed.data.contentId }, 'reserved publication will be retried');
            throw error;
          }
          // Publishing itself broke: the reservation cannot publish, and its author hears so. If even
          // that cannot be written (the database is away), this throws and the job is retried.
          app.log.error({ err: error, jobId: job.id, contentId: parsed.data.contentId }, 'reserved publication failed');
          outcome = await service.failReservation(parsed.data);
        }
        app.log.info({ jobId: job.id, contentId: parsed.data.contentId, outcome }, 'reserved publication');
      },
      { unique: true },
    );

    // Start-up repairs: reservations without a job get one; loops of contents deleted before a delete
    // took its loop along go now, with their files.
    if (options.workers) {
      app.addHook('onReady', async () => {
        const queued = await service.queueReservationsWithoutJob();
        if (queued > 0) app.log.info({ queued }, 'queued reserved publications that had no job');
        const files = await service.repairLoopsOfDeletedContents();
        if (files > 0) app.log.info({ files }, 'queued the removal of loop files of deleted contents');
      });
    }
  },
  { name: 'content-jobs', dependencies: ['jobs'] },
);
