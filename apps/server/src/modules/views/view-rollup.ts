import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { subscriberHistoryService } from '../insights/subscriber-service';
import { livePresenceService } from './live-presence-service';
import { rollupGraceMs, VIEW_ROLLUP_PAUSE_MS, VIEW_ROLLUP_SLICE_EVENTS, VIEW_ROLLUP_SLICE_MS, viewRollupService } from './view-service';

/** The roll-up's queue: one job waits at a time (its key), and each run queues the next. */
export const VIEW_ROLLUP_QUEUE = 'views.rollup';
const ROLLUP_KEY = 'rollup';

/**
 * The roll-up of view events into the aggregates, a pg-boss job that queues its own next run
 * `config.views.rollupSeconds` after it ends: across instances one run at a time is due, and the
 * cursor's row lock keeps two runs from adding one window twice. Where workers run, start-up makes
 * the partitions and queues a run, and a timer re-queues one should the chain ever break (a send lost
 * to a database outage); with a run already waiting that send is a no-op.
 */
export const viewRollupJob = fp(
  async (app: FastifyInstance, options: { workers: boolean; takesBeacons: boolean }) => {
    const service = viewRollupService(app.db, app.clock, {
      graceMs: rollupGraceMs(app.config.database),
      keepDays: app.config.views.keepDays,
      log: (message, detail) => app.log.warn(detail, message),
      sliceMs: VIEW_ROLLUP_SLICE_MS,
      pauseMs: VIEW_ROLLUP_PAUSE_MS,
      sliceEvents: VIEW_ROLLUP_SLICE_EVENTS,
    });
    const presence = livePresenceService(app.db, app.clock);
    const subscribers = subscriberHistoryService(app.db, app.clock);
    const every = app.config.views.rollupSeconds * 1000;
    const queueNext = (delayMs: number) =>
      app.jobs.send(VIEW_ROLLUP_QUEUE, {}, { singletonKey: ROLLUP_KEY, startAfter: new Date(Date.now() + delayMs) }).catch((error: unknown) => {
        app.log.warn({ err: error }, 'could not queue the next view roll-up');
        return null;
      });

    await app.jobs.work(
      VIEW_ROLLUP_QUEUE,
      async () => {
        try {
          const result = await service.run();
          if (result.windows > 0 || result.partitionsDropped.length > 0) app.log.debug({ ...result }, 'rolled up views');
        } catch (error) {
          // Nothing is half done (each window commits with the cursor): the next run takes over.
          app.log.error({ err: error }, 'view roll-up failed');
        }
        try {
          // Each tick also samples the lives on air: their concurrent viewers of the minute and so their peak.
          await presence.sampleAll();
        } catch (error) {
          app.log.error({ err: error }, 'sampling live viewers failed');
        }
        try {
          // And keeps the day's subscriber counts of media channels (once a minute).
          await subscribers.keepToday();
        } catch (error) {
          app.log.error({ err: error }, 'keeping subscriber counts failed');
        } finally {
          await queueNext(every);
        }
      },
      { unique: true },
    );

    // An instance taking beacons makes today's partitions too, before it listens: with no worker up yet
    // (roles split), its first beacons would otherwise land in the default partition.
    if (!options.workers) {
      if (options.takesBeacons)
        app.addHook('onReady', async () => {
          await service.preparePartitions().catch((error: unknown) => app.log.warn({ err: error }, 'could not make the view events partitions'));
        });
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await service.preparePartitions();
      await queueNext(0);
      timer = setInterval(() => void queueNext(every), Math.max(60_000, every * 6));
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'view-rollup', dependencies: ['jobs'] },
);
