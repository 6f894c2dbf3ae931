import { CompiledQuery, type Transaction } from 'kysely';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';
import { createRequire } from 'node:module';
import { runWithRequestId, takeRequestId, withRequestId } from '../lib/request-context';
import type { Database, Db } from '../db/schema';

/** How a job is queued. With `tx` it is written inside that transaction: it exists exactly when the change does. */
export type SendOptions = {
  /** Not before this instant (the database's clock decides when it is due). */
  startAfter?: Date;
  /**
   * In a queue worked with `{ unique: true }`: at most one job per key waiting to run (a second
   * send answers null). Every send to such a queue must carry a key.
   */
  singletonKey?: string;
  /** Attempts after the first failure (default 3, backing off from 5 s). */
  retryLimit?: number;
  tx?: Transaction<Database>;
};

export type WorkOptions = {
  /** Handlers running at once on this instance (default 1). */
  concurrency?: number;
  /** Sends carry a `singletonKey`, and one job per key waits at a time. */
  unique?: boolean;
  /** A job running longer (its instance died mid-run) is taken back and retried (default 15 minutes). */
  expireInSeconds?: number;
};

export type JobHandler<T> = (data: T, job: { id: string }) => Promise<void>;

export interface Jobs {
  /** Whether this instance runs job workers (and with them the recurring sweeps). */
  readonly workers: boolean;
  send(queue: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Registers the handler; it runs only on instances built with background jobs on. */
  work<T>(queue: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /**
   * Runs every queued job of a queue on this instance now, through its handler, and answers how many
   * ran. For tests and tools: `ignoreStartAfter` also runs jobs not yet due.
   */
  drain(queue: string, options?: { ignoreStartAfter?: boolean }): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

type Plans = { completeJobs(schema: string): string; failJobsById(schema: string): string };
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as Plans;
/**
 * The two reports pg-boss sends after a handler ends, without awaiting them (`complete`, `fail`):
 * a rejection there would be unhandled and end the process, so a report that meets a database
 * fault is logged and answered "nothing changed". The job stays active, and its expiry
 * (`expireInSeconds`) hands it to a worker again: at least once, as every job here is written.
 */
const unawaitedReports = new Set([plans.completeJobs('pgboss'), plans.failJobsById('pgboss')]);

/**
 * pg-boss runs its SQL through our pool (or the caller's transaction) instead of a pool of its own.
 * Some of its commands are several statements between BEGIN and COMMIT: one that fails part-way
 * would hand the connection back to the pool inside an aborted transaction, so every command from
 * the pool runs on a connection of its own that is rolled back on failure.
 */
export function jobExecutor(db: Db | Transaction<Database>, options: { stopped?: () => boolean; warn?: (message: string) => void } = {}): PgBoss.Db {
  const stopped = options.stopped ?? (() => false);
  if (db.isTransaction) {
    return {
      executeSql: async (text: string, values: unknown[]) => ({ rows: (await db.executeQuery(CompiledQuery.raw(text, values ?? []))).rows }),
    };
  }
  const run = (text: string, values: unknown[]) =>
    db.connection().execute(async (connection) => {
      try {
        return { rows: (await connection.executeQuery(CompiledQuery.raw(text, values ?? []))).rows };
      } catch (error) {
        await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
        throw error;
      }
    });
  return {
    executeSql: (text: string, values: unknown[]) => {
      // After the queue stopped, a handler that outlived its wait still reports its end: that report
      // is never answered (the pool may be gone); the job is left as it is and its expiry hands it
      // to the next start.
      if (stopped()) return new Promise<never>(() => undefined);
      if (!unawaitedReports.has(text)) return run(text, values);
      return run(text, values).catch((error: unknown) => {
        options.warn?.(`job report lost, the job will expire and run again: ${error instanceof Error ? error.message : String(error)}`);
        return { rows: [{ count: 0 }] };
      });
    },
  };
}

/** The first retry of a failed job waits this long, each next one about twice as long (pg-boss's backoff). */
export const RETRY_DELAY_SECONDS = 5;

/** Any fixed number: the key of the lock that lets one process at a time install or upgrade the job schema. */
const INSTALL_LOCK = 7_300_002;

/**
 * Installs or upgrades pg-boss's own schema (`pgboss`), one process at a time. Runs with the
 * studio's migrations (db/migrate.ts), so a server never changes schemas while serving.
 */
export async function installJobSchema(db: Db): Promise<void> {
  await db.connection().execute(async (connection) => {
    await connection.executeQuery(CompiledQuery.raw('SELECT pg_advisory_lock($1)', [INSTALL_LOCK]));
    try {
      const executor: PgBoss.Db = {
        executeSql: async (text: string, values: unknown[]) => {
          try {
            return { rows: (await connection.executeQuery(CompiledQuery.raw(text, values ?? []))).rows };
          } catch (error) {
            await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => undefined);
            throw error;
          }
        },
      };
      const boss = new PgBoss({ db: executor, supervise: false, schedule: false, migrate: true });
      await boss.start();
      await boss.stop({ graceful: false, wait: true });
    } finally {
      await connection.executeQuery(CompiledQuery.raw('SELECT pg_advisory_unlock($1)', [INSTALL_LOCK]));
    }
  });
}

/**
 * Durable jobs in PostgreSQL (pg-boss, in its own `pgboss` schema, installed with the migrations). Jobs survive
 * restarts; each is handed to one worker across instances (`SKIP LOCKED`); a throwing handler is
 * retried with backoff. Workers start only when background jobs are on; sending always works.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, options: { workers: boolean }) => {
    let stopped = false;
    const boss = new PgBoss({
      db: jobExecutor(app.db, { stopped: () => stopped, warn: (message) => app.log.warn(message) }),
      // Maintenance (expiry, archiving) and cron only where workers run.
      supervise: options.workers,
      schedule: false,
      // Installed by the migrations (installJobSchema).
      migrate: false,
      retryLimit: 3,
      retryDelay: RETRY_DELAY_SECONDS,
      retryBackoff: true,
      // A job stuck in "active" (its instance died) is expired and retried after this.
      expireInSeconds: 15 * 60,
    });
    // Errors of its timers (a database outage) are reported, never thrown into the process.
    boss.on('error', (error) => app.log.warn({ err: error }, 'job queue error'));

    const handlers = new Map<string, JobHandler<unknown>>();
    // Two instances creating one queue at once can deadlock inside pg-boss (each makes the queue's
    // table); the loser tries again and finds the queue there.
    const createQueueRetrying = async (name: string, policy: 'short' | 'standard') => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const expireInSeconds = queueExpiry.get(name);
          return await boss.createQueue(name, { name, policy, ...(expireInSeconds ? { expireInSeconds } : {}) });
        } catch (error) {
          if ((error as { code?: unknown }).code !== '40P01' || attempt >= 5) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
        }
      }
    };
    const queues = new Map<string, Promise<void>>();
    const uniqueQueues = new Set<string>();
    const queueExpiry = new Map<string, number>();
    const ensureQueue = (name: string) => {
      let created = queues.get(name);
      if (!created) {
        created = createQueueRetrying(name, uniqueQueues.has(name) ? 'short' : 'standard').catch((error: unknown) => {
          queues.delete(name);
          throw error;
        });
        queues.set(name, created);
      }
      return created;
    };

    let started: Promise<unknown> | undefined;
    const start = () => (started ??= boss.start());

    const runEach = (name: string) => async (jobs: PgBoss.Job<unknown>[]) => {
      const handler = handlers.get(name);
      if (!handler) throw new Error(`no handler for jobs of ${name}`);
      for (const job of jobs) {
        // The request that queued it (if one did) names this job's log lines and the jobs it queues.
        const { data, requestId } = takeRequestId(job.data);
        const run = () => handler(data, { id: job.id });
        try {
          await (requestId ? runWithRequestId(requestId, run) : run());
        } catch (error) {
          app.metrics.jobEnded(name, 'failed');
          app.log.warn({ queue: name, jobId: job.id, ...(requestId ? { requestId } : {}), err: error }, 'job failed');
          throw error;
        }
        app.metrics.jobEnded(name, 'completed');
        app.log.debug({ queue: name, jobId: job.id, ...(requestId ? { requestId } : {}) }, 'job completed');
      }
    };

    const jobs: Jobs = {
      workers: options.workers,
      async send(queue, data, { tx, startAfter, singletonKey, retryLimit } = {}) {
        if (singletonKey && !uniqueQueues.has(queue)) throw new Error(`${queue}: a singletonKey needs a queue worked with { unique: true }`);
        await start();
        await ensureQueue(queue);
        return boss.send(queue, withRequestId(data), {
          ...(startAfter ? { startAfter } : {}),
          ...(singletonKey ? { singletonKey } : {}),
          ...(retryLimit !== undefined ? { retryLimit } : {}),
          ...(tx ? { db: jobExecutor(tx) } : {}),
        });
      },
      async work<T>(queue: string, handler: JobHandler<T>, { concurrency = 1, unique = false, expireInSeconds }: WorkOptions = {}) {
        handlers.set(queue, handler as JobHandler<unknown>);
        if (unique) uniqueQueues.add(queue);
        if (expireInSeconds) queueExpiry.set(queue, expireInSeconds);
        // The queue exists before any request can send to it, on every instance: a first send made
        // inside a caller's transaction would otherwise create it on a second connection while the
        // transaction holds one, and parallel callers waiting on the same row lock can take the pool's
        // last connection (50 parallel closes of one live answered 503 that way).
        await start();
        await ensureQueue(queue);
        if (!options.workers) return;
        for (let i = 0; i < concurrency; i += 1) await boss.work(queue, { pollingIntervalSeconds: 1, batchSize: 1 }, runEach(queue));
      },
      async drain(queue, { ignoreStartAfter = false } = {}) {
        await start();
        await ensureQueue(queue);
        let ran = 0;
        for (;;) {
          const [job] = await boss.fetch<unknown>(queue, { batchSize: 1, ignoreStartAfter });
          if (!job) return ran;
          try {
            await runEach(queue)([job]);
            await boss.complete(queue, job.id);
          } catch (error) {
            await boss.fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) });
          }
          ran += 1;
        }
      },
    };
    app.decorate('jobs', jobs);

    // Workers start with the server; before the pool closes, they stop taking jobs and finish the ones in hand.
    if (options.workers) app.addHook('onReady', async () => void (await start()));
    app.addHook('onClose', async () => {
      if (started) await boss.stop({ graceful: true, wait: true, timeout: Math.max(1_000, app.config.shutdownTimeoutMs - 2_000) });
      stopped = true;
    });
  },
  // After the metrics, which count what its handlers do.
  { name: 'jobs', dependencies: ['metrics'] },
);
