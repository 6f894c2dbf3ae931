import { sql, type Kysely } from 'kysely';

/**
 * A person's unfinished loop uploads (status NULL: the file still arriving) are counted under a lock
 * on every new upload, and looked through at start-up for expiry jobs: a small partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX loops_uploading ON loops (user_id) WHERE status IS NULL`.execute(db);
}
