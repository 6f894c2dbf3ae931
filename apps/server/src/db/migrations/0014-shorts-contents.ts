import { sql, type Kysely } from 'kysely';

/**
 * A published loop is a content of kind SHORTS: the content carries its rendition and length (the
 * channel home lists and plays it without a join), and a loop becomes at most one content.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE contents ADD COLUMN video_url text;
    ALTER TABLE contents ADD COLUMN duration_seconds double precision;
    CREATE UNIQUE INDEX loops_one_content ON loops (content_id) WHERE content_id IS NOT NULL;
  `.execute(db);
}
