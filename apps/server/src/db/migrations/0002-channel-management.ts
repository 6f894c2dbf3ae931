import { sql, type Kysely } from 'kysely';

// Channel home contents, subscriber counts, the role activity log, automatic declines.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE channels ADD COLUMN subscriber_count integer NOT NULL DEFAULT 0 CHECK (subscriber_count >= 0);

    CREATE TABLE contents (
      id bigserial PRIMARY KEY,
      channel_id bigint NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
      author_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
      kind text NOT NULL CHECK (kind IN ('CONTENT_VIEW', 'SHORTS', 'NEWS', 'POST', 'LIVE')),
      status text NOT NULL CHECK (status IN ('PUBLIC', 'HIDDEN', 'REPORT_BLIND', 'REPORT_DELETE', 'ADULT_IMAGE_BLIND',
        'PUBLIC_RESERVATION', 'PUBLIC_RESERVATION_ERROR', 'HIDDEN_RESERVATION', 'HIDDEN_RESERVATION_ERROR',
        'PUBLIC_ERROR', 'HIDDEN_ERROR', 'IN_PROCESSING', 'STOP', 'DELETE', 'DRAFT')),
      title text NOT NULL DEFAULT '',
      body text NOT NULL DEFAULT '',
      thumbnail_url text,
      view_count bigint NOT NULL DEFAULT 0 CHECK (view_count >= 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX contents_channel ON contents (channel_id, id DESC);
    CREATE INDEX contents_channel_kind_status ON contents (channel_id, kind, status, id DESC);

    CREATE TABLE channel_activity (
      id bigserial PRIMARY KEY,
      channel_id bigint NOT NULL REFERENCES channels (id) ON DELETE CASCADE,
      action text NOT NULL,
      actor_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
      target_user_id bigint REFERENCES users (id) ON DELETE SET NULL,
      role text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX channel_activity_channel ON channel_activity (channel_id, id DESC);

    ALTER TABLE channel_invites ADD COLUMN declined_automatically boolean NOT NULL DEFAULT false;
    ALTER TABLE channel_transfers ADD COLUMN declined_automatically boolean NOT NULL DEFAULT false;
    CREATE INDEX channel_invites_pending_expiry ON channel_invites (expires_at) WHERE status = 'PENDING' AND expires_at IS NOT NULL;
    CREATE INDEX channel_transfers_pending_expiry ON channel_transfers (expires_at) WHERE status = 'PENDING';
    CREATE INDEX channel_invites_channel_pending ON channel_invites (channel_id) WHERE status = 'PENDING';
  `.execute(db);
}
