import type { FastifyInstance } from 'fastify';
import { declineExpired } from './invitation-service';

const EVERY_MS = 10 * 60_000;

/** Runs the automatic decline at start and every ten minutes while the server is up. */
export async function expiryTimer(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    declineExpired(app.db, app.clock.now())
      .then((result) => {
        if (result.invites || result.transfers) app.log.info(result, 'declined expired invites and transfers');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'automatic decline failed'));
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
