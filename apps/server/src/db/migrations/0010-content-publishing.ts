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

    -- Reservations due, for the recovery sweep after an outage.
    CREATE INDEX contents_reserved_due ON contents (reserved_at) WHERE status IN ('PUBLIC_RESERVATION', 'HIDDEN_RESERVATION');
  `.execute(db);
}
