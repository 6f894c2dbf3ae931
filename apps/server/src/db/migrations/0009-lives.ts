import { sql, type Kysely } from 'kysely';

/**
 * Stream keys and lives (spec sections 3, 4 and 9).
 *
 * At most 5 lives of a channel are on air at once, held by the database itself:
 * an on-air live occupies one of five numbered slots of its channel, unique per
 * channel, so no interleaving of start calls can make a sixth. One key feeds one
 * on-air live at a time (a partial unique index).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE stream_keys (
      id bigserial PRIMARY KEY,
      channel_id bigint NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
      kamp_channel_id text NOT NULL UNIQUE,
      secret text NOT NULL UNIQUE,
      title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 20),
      created_at timestamptz NOT NULL,
      -- The embedded or nginx ingest is receiving this key's publisher since then (null: nobody publishes).
      publishing_since timestamptz
    );
    CREATE INDEX stream_keys_channel ON stream_keys (channel_id, id);

    CREATE TABLE lives (
      id bigserial PRIMARY KEY,
      channel_id bigint NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
      stream_key_id bigint NOT NULL REFERENCES stream_keys(id),
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      thumbnail_url text,
      status text NOT NULL DEFAULT 'READY' CHECK (status IN ('READY', 'START', 'END')),
      air_slot smallint CHECK (air_slot BETWEEN 1 AND 5),
      created_at timestamptz NOT NULL,
      started_at timestamptz,
      ended_at timestamptz,
      -- While on air: the encoder dropped at this instant and the live waits for it.
      interrupted_at timestamptz,
      -- Whether public playback (HLS) holds at least one segment: the replay exists.
      has_recording boolean NOT NULL DEFAULT false,
      CONSTRAINT lives_on_air_has_slot CHECK ((status = 'START') = (air_slot IS NOT NULL)),
      CONSTRAINT lives_slot_per_channel UNIQUE (channel_id, air_slot)
    );
    CREATE UNIQUE INDEX lives_one_on_air_per_key ON lives (stream_key_id) WHERE status = 'START';
    CREATE INDEX lives_channel_created ON lives (channel_id, created_at DESC, id DESC);
    CREATE INDEX lives_key_created ON lives (stream_key_id, created_at DESC, id DESC);

    ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
    ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
      'INVITE_RECEIVED', 'INVITE_ACCEPTED', 'INVITE_DECLINED', 'INVITE_CANCELLED', 'INVITE_EXPIRED',
      'TRANSFER_REQUESTED', 'TRANSFER_ACCEPTED', 'TRANSFER_DECLINED', 'TRANSFER_EXPIRED',
      'MEMBER_REMOVED', 'MEMBER_LEFT', 'OPERATOR_MESSAGE', 'LIVE_INTERRUPTED', 'LIVE_AUTO_CLOSED'));
  `.execute(db);
}
