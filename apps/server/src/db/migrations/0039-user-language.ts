import { sql, type Kysely } from 'kysely';

/**
 * Issue 23, point 6: the studio's language is kept with the person, so it follows them to any browser
 * they sign in on. Null until they choose one (the browser's choice stands until then).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN language text CHECK (language IN ('ko', 'en'))`.execute(db);
}
