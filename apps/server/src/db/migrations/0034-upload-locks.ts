import { sql, type Kysely } from 'kysely';

/**
 * Who holds a resumable upload right now, for every instance (issue 22: the next piece of an upload may
 * reach another instance while the last one is still being written). A lease: the holder renews it while
 * it writes; a holder that died lets go when it runs out. UNLOGGED: after a database crash nobody holds
 * anything, which is true.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE UNLOGGED TABLE upload_locks (
    upload_id text PRIMARY KEY,
    token text NOT NULL,
    expires_at timestamptz NOT NULL
  )`.execute(db);
}
