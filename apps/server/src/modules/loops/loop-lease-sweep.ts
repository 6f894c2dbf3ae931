import type { FastifyInstance } from 'fastify';
import type { LoopProcessor } from './loop-processing';

/**
 * On instances with job workers: at start-up and every LOOP_SWEEP_SECONDS, loops whose run's lease
 * ran out (the instance running it died, even by kill -9, which no handler sees) go back to the
 * queue. An interrupted transcode so starts again within lease + sweep interval + its retry delay,
 * rather than when pg-boss expires the dead run's job (its expiry is a backstop: that job then finds
 * the loop taken or done and does nothing).
 */
export function startLeaseSweep(app: FastifyInstance, processor: LoopProcessor): void {
  if (!app.jobs.workers) return;
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  const sweep = () =>
    (sweeping ??= processor
      .sweepExpiredLeases(app.clock.now())
      .then(() => undefined)
      .catch((error: unknown) => app.log.warn({ err: error }, 'loop lease sweep failed'))
      .finally(() => (sweeping = undefined)));
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), app.config.loops.sweepSeconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });
}
