import type { FastifyInstance } from 'fastify';
import { webSessionRepository } from '../accounts/web-session-repository';
import { AUTH_REQUEST_TTL_MS, authRequestRepository } from '../auth/auth-request-repository';
import type { Db } from '../db/schema';
import { idleCutoff } from './session';
import { sessionRepository } from './session-repository';

const EVERY_MS = 15 * 60_000;

export type PurgeResult = { sessions: number; signedOutSessions: number; authRequests: number; webSessions: number };

/**
 * Removes what sign-in leaves behind once it can no longer be used: studio
 * sessions past their lifetime or idle (and the keys of those signed out from
 * another device, once they would have expired), sign-ins never finished, account page
 * sessions. Every lookup already ignores these rows; this keeps the tables
 * bounded. The OpenID provider's own rows, written far more often, are purged by
 * a durable job (accounts/oidc-payload-purge.ts).
 */
export async function purgeExpiredSignIns(db: Db, now: Date, options: { sessionIdleHours: number }): Promise<PurgeResult> {
  return {
    sessions: await sessionRepository(db).purgeExpired(now, idleCutoff(now, options.sessionIdleHours)),
    signedOutSessions: await sessionRepository(db).purgeSignedOut(now),
    authRequests: await authRequestRepository(db).purgeOlderThan(new Date(now.getTime() - AUTH_REQUEST_TTL_MS)),
    webSessions: await webSessionRepository(db).purgeExpired(now),
  };
}

/** Runs the purge at start and every fifteen minutes while the server is up. */
export async function signInPurgeTimer(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    // One run at a time: a slow database must not stack purges up.
    running ??= purgeExpiredSignIns(app.db, app.clock.now(), { sessionIdleHours: app.config.sessionIdleHours })
      .then((result) => {
        if (Object.values(result).some(Boolean)) app.log.info(result, 'purged expired sign-in rows');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'sign-in purge failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
