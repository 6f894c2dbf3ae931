import { sql, type Kysely } from 'kysely';

/**
 * Issue 24, point 2 (decision 062): a key's claim (publishing_since) and its media are two signals. A
 * WHIP offer claims the key seconds before its first video arrives; receiving_since is set when the first
 * video keyframe reaches the ingest's hub (nginx-rtmp, which has no hub: at its on_publish) and cleared
 * with the claim, so "receiving" means video is there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE stream_keys ADD COLUMN receiving_since timestamptz`.execute(db);
}
