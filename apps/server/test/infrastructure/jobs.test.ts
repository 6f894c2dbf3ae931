import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../src/app';
import { createDb } from '../../src/db/database';
import { jobExecutor } from '../../src/jobs/jobs';
import { createRequire } from 'node:module';
import { fixedClock } from '../../src/lib/clock';
import { createTestApp, type TestContext } from '../helper';
import { watchProcessErrors } from '../fuzz';

/** Jobs run through a table of their own so the tests see each run, from any instance. */
async function runsOf(ctx: TestContext, key: string): Promise<number> {
  const result = await sql<{ n: number }>`SELECT count(*)::int AS n FROM job_runs WHERE key = ${key}`.execute(ctx.db);
  return result.rows[0]?.n ?? 0;
}

const until = async (check: () => Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('durable jobs (pg-boss in PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
    await sql`CREATE TABLE job_runs (key text NOT NULL, at timestamptz NOT NULL DEFAULT now())`.execute(ctx.db);
    await ctx.app.jobs.work<{ key: string; fail?: boolean }>('test.record', async ({ key, fail }) => {
      if (fail) throw new Error('asked to fail');
      await sql`INSERT INTO job_runs (key) VALUES (${key})`.execute(ctx.db);
    });
  });
  afterAll(() => ctx.close());

  it('a job sent inside a transaction exists only if the transaction commits', async () => {
    await ctx.db.transaction().execute(async (tx) => {
      await ctx.app.jobs.send('test.record', { key: 'committed' }, { tx });
    });
    await expect(
      ctx.db.transaction().execute(async (tx) => {
        await ctx.app.jobs.send('test.record', { key: 'rolled-back' }, { tx });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await ctx.app.jobs.drain('test.record')).toBe(1);
    expect(await runsOf(ctx, 'committed')).toBe(1);
    expect(await runsOf(ctx, 'rolled-back')).toBe(0);
  });

  it('a job is not due before startAfter, and a singleton key queues it once', async () => {
    await ctx.app.jobs.work<{ key: string }>('test.keyed', async ({ key }) => {
      await sql`INSERT INTO job_runs (key) VALUES (${key})`.execute(ctx.db);
    }, { unique: true });
    const later = new Date(Date.now() + 3_600_000);
    expect(await ctx.app.jobs.send('test.keyed', { key: 'later' }, { startAfter: later, singletonKey: 'later' })).not.toBeNull();
    expect(await ctx.app.jobs.send('test.keyed', { key: 'later' }, { startAfter: later, singletonKey: 'later' })).toBeNull();
    expect(await ctx.app.jobs.send('test.keyed', { key: 'other' }, { startAfter: later, singletonKey: 'other' })).not.toBeNull();
    await expect(ctx.app.jobs.send('test.record', { key: 'x' }, { singletonKey: 'x' })).rejects.toThrow('unique');
    expect(await ctx.app.jobs.drain('test.keyed')).toBe(0);
    expect(await ctx.app.jobs.drain('test.keyed', { ignoreStartAfter: true })).toBe(2);
    expect(await runsOf(ctx, 'later')).toBe(1);
  });

  it('a failing job is kept for a retry instead of being lost', async () => {
    await ctx.app.jobs.send('test.record', { key: 'failing', fail: true });
    expect(await ctx.app.jobs.drain('test.record')).toBe(1);
    const states = await sql<{ state: string; retry_count: number }>`SELECT state, retry_count FROM pgboss.job WHERE name = 'test.record' AND data->>'key' = 'failing'`.execute(ctx.db);
    expect(states.rows.map((row) => row.state)).toEqual(['retry']);
  });

  it('with two worker-only instances (ROLES=worker) working one queue, each of 40 jobs sent elsewhere runs exactly once', async () => {
    const workers = await Promise.all(
      [1, 2].map(async () => {
        const app = await buildApp({ config: { ...ctx.config, roles: ['worker'] }, db: ctx.db, clock: fixedClock(new Date()), logger: false, backgroundJobs: true });
        await app.jobs.work<{ key: string }>('test.shared', async ({ key }) => {
          await sql`INSERT INTO job_runs (key) VALUES (${key})`.execute(ctx.db);
        }, { concurrency: 2 });
        await app.ready();
        return app;
      }),
    );
    try {
      for (let i = 0; i < 40; i += 1) await ctx.app.jobs.send('test.shared', { key: `shared-${i}` });
      await until(async () => {
        const done = await sql<{ n: number }>`SELECT count(*)::int AS n FROM job_runs WHERE key LIKE 'shared-%'`.execute(ctx.db);
        return (done.rows[0]?.n ?? 0) >= 40;
      });
      // A little longer, to see a second run of any job if one were coming.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const twice = await sql<{ key: string }>`SELECT key FROM job_runs WHERE key LIKE 'shared-%' GROUP BY key HAVING count(*) > 1`.execute(ctx.db);
      expect(twice.rows).toEqual([]);
      const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM job_runs WHERE key LIKE 'shared-%'`.execute(ctx.db);
      expect(total.rows[0]?.n).toBe(40);
    } finally {
      await Promise.all(workers.map((app) => app.close()));
    }
  });
  it("a handler that outlives the queue's stop ends without an error escaping, after the pool is gone", async () => {
    const watch = watchProcessErrors();
    watch.start();
    // A pool of its own, closed as main.ts closes it: after the app.
    const pool = createDb(ctx.url, { max: 2 });
    let started = false;
    // Stop waits max(1 s, SHUTDOWN_TIMEOUT_MS − 2 s) for handlers in hand: this one takes longer, then fails.
    const app = await buildApp({ config: { ...ctx.config, shutdownTimeoutMs: 3_000 }, db: pool, clock: fixedClock(new Date()), logger: false, backgroundJobs: true });
    try {
      await app.jobs.work('test.slow', async () => {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        throw new Error('failed after the stop');
      });
      await app.ready();
      await ctx.app.jobs.send('test.slow', {});
      await until(async () => started);
      await app.close();
      await pool.destroy();
      // The handler ends now, and pg-boss reports its failure without awaiting the report.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(watch.errors).toEqual([]);
    } finally {
      watch.stop();
    }
  });
  it('a job report pg-boss does not await survives a database that is gone; every other command still fails', async () => {
    const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as { completeJobs(schema: string): string; failJobsById(schema: string): string };
    const gone = createDb('postgres://studio@127.0.0.1:1/nowhere', { max: 1, connectTimeoutMs: 500 });
    const warnings: string[] = [];
    const executor = jobExecutor(gone, { warn: (message) => warnings.push(message) });
    try {
      for (const text of [plans.completeJobs('pgboss'), plans.failJobsById('pgboss')]) {
        await expect(executor.executeSql(text, ['test.queue', ['00000000-0000-0000-0000-000000000000'], null])).resolves.toEqual({ rows: [{ count: 0 }] });
      }
      expect(warnings).toHaveLength(2);
      await expect(executor.executeSql('SELECT 1', [])).rejects.toThrow();
    } finally {
      await gone.destroy();
    }
  });
});
