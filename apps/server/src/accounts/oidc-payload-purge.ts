import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/schema';
import { oidcPayloadRepository } from './oidc-payload-repository';

/** The recurring purge of the OpenID provider's expired rows (`account.oidc_payloads`). */
export const OIDC_PAYLOAD_PURGE_QUEUE = 'accounts.purge-expired-payloads';
// One key for the round: at most one run waits at a time, however many instances queue it.
const ROUND_KEY = 'round';

/** Rows one statement deletes: each batch is a short statement that holds few row locks and stays far inside the statement timeout. */
export const PURGE_BATCH_ROWS = 1_000;
/** Batches one run deletes at most (100,000 rows); what is left waits for the next run rather than keep one job busy. */
const MAX_BATCHES_PER_RUN = 100;

/** Deletes the expired rows in batches of `batchRows` and answers how many went. */
export async function purgeExpiredOidcPayloads(db: Db, batchRows = PURGE_BATCH_ROWS): Promise<number> {
  const payloads = oidcPayloadRepository(db);
  let deleted = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
    const count = await payloads.purgeExpiredBatch(batchRows);
    deleted += count;
    if (count < batchRows) break;
  }
  return deleted;
}

/**
 * Every sign-in writes several provider rows (interaction, session, grant, code, tokens), each with
 * its own expiry; find() ignores expired ones, and this job deletes them. A durable job rather than
 * the sign-in purge timer: one instance at a time runs it, a failed run is retried with backoff, and
 * the round survives restarts (decision 005's "what would move it to pg-boss").
 *
 * The round: each run queues the next one `ACCOUNT_PURGE_INTERVAL_SECONDS` later before it works, so
 * a failing run does not end it; instances with workers queue one at start-up, which is a no-op
 * while one is waiting (one waiting job per key).
 */
export const oidcPayloadPurgeJob = fp(
  async (app: FastifyInstance, options: { workers: boolean }) => {
    const everyMs = app.config.accountPurgeIntervalSeconds * 1_000;
    const queueRun = (startAfter?: Date) => app.jobs.send(OIDC_PAYLOAD_PURGE_QUEUE, {}, { singletonKey: ROUND_KEY, ...(startAfter ? { startAfter } : {}) });

    await app.jobs.work<unknown>(
      OIDC_PAYLOAD_PURGE_QUEUE,
      async (_data, job) => {
        // The system clock, not app.clock: the provider writes expiries by it, and pg-boss decides when a job is due by the database's.
        await queueRun(new Date(Date.now() + everyMs));
        const deleted = await purgeExpiredOidcPayloads(app.db);
        if (deleted > 0) app.log.info({ jobId: job.id, deleted }, 'purged expired account service rows');
      },
      { unique: true },
    );

    if (options.workers) app.addHook('onReady', async () => void (await queueRun()));
  },
  { name: 'oidc-payload-purge', dependencies: ['jobs'] },
);
