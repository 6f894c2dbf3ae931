import { sql, type Kysely } from 'kysely';

/**
 * Per-minute limits counted where every instance sees them (issue 22: N web instances must not allow
 * N times a limit). UNLOGGED: a counter need not survive a crash, and writes skip the WAL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNLOGGED TABLE rate_limit_windows (
    key text PRIMARY KEY,
    started_at timestamptz NOT NULL,
    hits integer NOT NULL
  )`.execute(db);
}
