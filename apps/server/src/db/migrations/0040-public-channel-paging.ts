import { sql, type Kysely } from 'kysely';

/**
 * Issue 23, point 1: the public channel page pages its published contents newest first by keyset,
 * (shown time, id) below the cursor. This partial index holds only PUBLIC rows in exactly that order,
 * so page 1 and page 1,000 both read one index range of the page's length (nothing hidden is skipped
 * over, nothing is sorted). The shown time is the one public-site-repository.ts orders by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX contents_public_newest ON contents (channel_id, (coalesce(published_at, created_at)) DESC, id DESC)
    WHERE status = 'PUBLIC'
  `.execute(db);
}
