import { sql, type Kysely } from 'kysely';

/**
 * Issue 24, point 3: the outside RTMP(S) servers a stream key's lives are forwarded to while on air.
 *
 * `secret` is the other platform's stream key, kept as given (like `stream_keys.secret`; decision
 * 047): only the forwarder reads it, no answer carries it. The lengths are the contract's
 * RESTREAM_URL_MAX and RESTREAM_KEY_MAX; how many a key holds (MAX_RESTREAM_TARGETS_PER_KEY) is
 * counted by the service under the key's row lock. A key's targets go with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE restream_targets (
      id bigserial PRIMARY KEY,
      stream_key_id bigint NOT NULL REFERENCES stream_keys(id) ON DELETE CASCADE,
      url text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 300),
      secret text NOT NULL CHECK (char_length(secret) BETWEEN 1 AND 200),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX restream_targets_key ON restream_targets (stream_key_id, id);
  `.execute(db);
}
