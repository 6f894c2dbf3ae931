import { sql, type Kysely } from 'kysely';

/**
 * The channel home lists contents newest first by the date it shows
 * (created_at), not by id: imported or back-dated contents get ids out of date
 * order. This index serves that order for a channel without a sort.
 * Forward-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX contents_channel_newest ON contents (channel_id, created_at DESC, id DESC)`.execute(db);
}
