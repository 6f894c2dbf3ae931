import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/schema';

/** Jobs of one queue not yet taken by a worker. */
export type QueueBacklog = {
  queue: string;
  /** Due now (their start time has come), waiting for a worker. */
  due: number;
  /** Queued for later (`startAfter`, a retry's back-off). */
  deferred: number;
  /** How long the longest-waiting due job has been due; 0 when none is. */
  oldestDueSeconds: number;
};

/**
 * A condition for a query of another module: a job of `queue` keyed `singletonKey` (a SQL expression,
 * such as the row's id) waits, retries or runs. pg-boss's table stays known here only; a queue worked
 * `{ unique: true }` carries the key on every send (jobs.ts), so the key finds every job of its row.
 */
export function liveJobExists(queue: string, singletonKey: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`EXISTS (
    SELECT 1 FROM pgboss.job j WHERE j.name = ${queue} AND j.singleton_key = ${singletonKey} AND j.state IN ('created', 'retry', 'active'))`;
}

/** pg-boss's own tables (schema `pgboss`, installed by the migrations), read for monitoring only. */
export function jobQueueRepository(db: Db) {
  return {
    /**
     * Every queue, with what waits in it. Cheap enough for each scrape: the waiting jobs are read from
     * pg-boss's partial index of them (`job_i5`: name, start_after where state < active), never the table.
     */
    async backlogs(): Promise<QueueBacklog[]> {
      const { rows } = await sql<QueueBacklog>`
        SELECT q.name AS queue,
          count(j.start_after) FILTER (WHERE j.start_after <= now())::int AS due,
          count(j.start_after) FILTER (WHERE j.start_after > now())::int AS deferred,
          coalesce(extract(epoch FROM now() - min(j.start_after) FILTER (WHERE j.start_after <= now())), 0)::float8 AS "oldestDueSeconds"
        FROM pgboss.queue q
        LEFT JOIN pgboss.job j ON j.name = q.name AND j.state < 'active'
        GROUP BY q.name
        ORDER BY q.name`.execute(db);
      return rows;
    },
  };
}
