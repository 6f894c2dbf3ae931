import { sql, type Kysely } from 'kysely';

/**
 * Loops from upload to rendition. The id is the tus upload's (a server-made UUID), so the file on
 * disk, the row and the upload URL share one name that no uploader chose.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE loops (
      id uuid PRIMARY KEY,
      channel_id bigint NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
      user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      total_bytes bigint NOT NULL,
      uploaded_bytes bigint NOT NULL DEFAULT 0,
      -- NULL while the file arrives; then the spec's processing status.
      status text CHECK (status IN ('RESERVED', 'START', 'PROCESSING', 'COMPLETE', 'STOP', 'DELETE', 'ERROR')),
      progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      error_code text,
      attempts integer NOT NULL DEFAULT 0,
      duration_seconds double precision,
      width integer,
      height integer,
      video_name text,
      thumbnail_names text[] NOT NULL DEFAULT '{}',
      thumbnail_index integer,
      content_id bigint,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX loops_channel_user ON loops (channel_id, user_id, created_at DESC);
    -- The restart sweep looks for loops left mid-processing.
    CREATE INDEX loops_unfinished ON loops (status) WHERE status IN ('RESERVED', 'START', 'PROCESSING');

  `.execute(db);
}
