import { sql, type Kysely } from 'kysely';

/**
 * A loop rendition is served only after asking whose it is (issue 22, private media): `/media/loops/<name>`
 * finds its loop by name, on every read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX loops_video_name ON loops (video_name) WHERE video_name IS NOT NULL`.execute(db);
}
