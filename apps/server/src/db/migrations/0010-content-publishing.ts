import { sql, type Kysely } from 'kysely';

/**
 * Issue #11: contents are edited with an optimistic version, published now or at
 * a reserved time, carry a cover image, and posts carry ordered images and a link.
 * Uploaded content images are rows, so a content may only use its own channel's images.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE content_images (
      id bigserial PRIMARY KEY,
      channel_id bigint NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
      uploaded_by bigint REFERENCES users (id) ON DELETE SET NULL,
      url text NOT NULL,
      width integer NOT NULL CHECK (width > 0),
      height integer NOT NULL CHECK (height > 0),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX content_images_channel ON content_images (channel_id, id);

    ALTER TABLE contents
      ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
      ADD COLUMN reserved_at timestamptz,
      ADD COLUMN reservation_visibility text CHECK (reservation_visibility IN ('PUBLIC', 'HIDDEN')),
      ADD COLUMN published_at timestamptz,
      -- Snapshots of content_images rows ({id, url, width, height}): a list reads them without a join.
      ADD COLUMN cover_image jsonb,
      ADD COLUMN images jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(images) = 'array' AND jsonb_array_length(images) <= 10),
      ADD COLUMN link_url text,
      ADD COLUMN link_kind text,
      ADD CONSTRAINT contents_reservation_complete CHECK ((reserved_at IS NULL) = (reservation_visibility IS NULL));

    -- Pending reservations by time (what is due, what a person has booked).
    CREATE INDEX contents_reserved_due ON contents (reserved_at) WHERE status IN ('PUBLIC_RESERVATION', 'HIDDEN_RESERVATION');

    -- A failed reservation notifies its author. Other branches add notification types in
    -- migrations of their own numbers, applied in any order: add to the allowed list as it
    -- stands rather than rewrite it, so no one's type is dropped.
    DO $$
    DECLARE
      allowed text[];
    BEGIN
      SELECT array_agg(DISTINCT m[1]) INTO allowed
        FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([A-Z_]+)''', 'g') AS m
        WHERE c.conname = 'notifications_type_check' AND c.conrelid = 'notifications'::regclass;
      allowed := array(SELECT DISTINCT unnest(coalesce(allowed, '{}') || ARRAY['CONTENT_RESERVATION_FAILED']) ORDER BY 1);
      ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_type_check;
      EXECUTE format('ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type = ANY (%L::text[]))', allowed);
    END $$;
  `.execute(db);
}
