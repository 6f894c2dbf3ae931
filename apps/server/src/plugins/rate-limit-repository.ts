import { sql } from 'kysely';
import type { Db } from '../db/schema';

/** Fixed windows counted in PostgreSQL, one row per key, by the database's clock (one clock for every instance). */
export function rateLimitRepository(db: Db) {
  return {
    /** Counts one hit on `key`; a window older than `windowMs` starts again at this hit. */
    async hit(key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
      const result = await sql<{ hits: number; ttl_ms: number }>`
        INSERT INTO rate_limit_windows AS w (key, started_at, hits) VALUES (${key}, clock_timestamp(), 1)
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN w.started_at + make_interval(secs => ${windowMs / 1000}) <= clock_timestamp() THEN 1 ELSE w.hits + 1 END,
          started_at = CASE WHEN w.started_at + make_interval(secs => ${windowMs / 1000}) <= clock_timestamp() THEN clock_timestamp() ELSE w.started_at END
        RETURNING hits, greatest(0, ceil(extract(epoch FROM w.started_at + make_interval(secs => ${windowMs / 1000}) - clock_timestamp()) * 1000))::int AS ttl_ms`.execute(db);
      const row = result.rows[0]!;
      return { hits: row.hits, ttlMs: row.ttl_ms };
    },
    /** The hits of `key` in its current window, without counting one. */
    async read(key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
      const result = await sql<{ hits: number; ttl_ms: number }>`
        SELECT hits, greatest(0, ceil(extract(epoch FROM started_at + make_interval(secs => ${windowMs / 1000}) - clock_timestamp()) * 1000))::int AS ttl_ms
        FROM rate_limit_windows WHERE key = ${key} AND started_at + make_interval(secs => ${windowMs / 1000}) > clock_timestamp()`.execute(db);
      const row = result.rows[0];
      return row ? { hits: row.hits, ttlMs: row.ttl_ms } : { hits: 0, ttlMs: 0 };
    },
    /** Removes windows over for at least `olderThanMs`; answers how many. */
    async prune(olderThanMs: number): Promise<number> {
      const result = await db.deleteFrom('rate_limit_windows').where('started_at', '<', sql<Date>`clock_timestamp() - make_interval(secs => ${olderThanMs / 1000})`).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
