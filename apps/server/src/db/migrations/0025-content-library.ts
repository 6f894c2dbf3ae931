import { sql, type Kysely } from 'kysely';

/**
 * Issue 25, point 2: the channel home's contents list at 100,000 contents per channel.
 *
 * - Most viewed first is keyset-paged on (channel_id, view_count DESC, id DESC); newest and oldest
 *   first walk contents_channel_newest (migration 0011) forwards and backwards.
 * - A title search (`ILIKE '%…%'`) is served by a trigram index when the server has pg_trgm (Debian's
 *   PostgreSQL and the embedded one both ship it; it is a trusted extension, so the database's owner
 *   may create it). Where it is missing the search still answers, walking the channel's date index.
 * - Articles show their first body image in the list when no cover was chosen: rows saved before
 *   that rule get it once here (later saves keep it, content-service.ts).
 *
 * Forward-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX contents_channel_views ON contents (channel_id, view_count DESC, id DESC)`.execute(db);
  const { rows } = await sql<{ available: boolean }>`SELECT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') AS available`.execute(db);
  if (rows[0]?.available) {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE INDEX contents_title_trgm ON contents USING gin (title gin_trgm_ops)`.execute(db);
  }
  await sql`
    UPDATE contents
       SET thumbnail_url = substring(body FROM '(?i)<img\\y[^>]*\\ssrc="(/[^"/][^"]*|https?://[^"]+)"')
     WHERE kind IN ('CONTENT_VIEW', 'NEWS')
       AND thumbnail_url IS NULL
       AND cover_image IS NULL
       AND body ~* '<img\\y[^>]*\\ssrc="(/[^"/][^"]*|https?://[^"]+)"'
  `.execute(db);
}
