import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/schema';
import { declineExpiredTransfers } from '../transfers/transfer-service';
import { declineExpiredInvites } from './invite-service';

const EVERY_MS = 10 * 60_000;

/**
 * Spec section 4: owner invites unanswered for 30 days and transfers unanswered
 * for 7 days are declined automatically. Idempotent, so several instances may
 * run it at once (see docs/decisions/005-expiry-sweep-on-a-timer.md).
 */
export async function declineExpired(db: Db, now: Date): Promise<{ invites: number; transfers: number }> {
  return db.transaction().execute(async (trx) => ({
    invites: await declineExpiredInvites(trx, now),
    transfers: await declineExpiredTransfers(trx, now),
  }));
}

/** Runs the sweep at start and every ten minutes while the server is up. */
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
