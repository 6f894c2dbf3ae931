import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deliverBroadcast } from './broadcast-repository';

export const BROADCAST_QUEUE = 'operator.broadcast';
/** Notifications written per transaction: small enough to keep locks short, large enough to be quick. */
export const BROADCAST_BATCH = 1000;

export type BroadcastJob = { broadcastId: number };

/**
 * Writes a broadcast's notifications in batches. A retried job (a crash, a
 * restart) carries on from the broadcast's cursor, so nobody gets two.
 */
export const broadcastJob = fp(async (app: FastifyInstance) => {
  app.addHook('onReady', async () => {
    await app.jobs.work<BroadcastJob>(BROADCAST_QUEUE, async ({ broadcastId }) => {
      const written = await deliverBroadcast(app.db, broadcastId, BROADCAST_BATCH, () => app.clock.now());
      app.log.info({ broadcastId, written }, 'operator broadcast delivered');
    });
  });
});
