import { sql, type Kysely } from 'kysely';

/**
 * Every operator action, written in the transaction of the change it records:
 * who, what, on which object, the object before and after, when. Listed newest
 * first, filtered by operator, action or object; each filter has its index.
 *
 * Notice bodies become rich text (sanitised HTML, written by operators from
 * now on): the plain-text bodies written before are escaped into paragraphs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE operator_audit (
      id bigserial PRIMARY KEY,
      operator_id bigint REFERENCES users (id) ON DELETE SET NULL,
      action text NOT NULL CHECK (action ~ '^[A-Z][A-Z0-9_]{0,63}$'),
      object_type text NOT NULL CHECK (object_type ~ '^[A-Z][A-Z0-9_]{0,31}$'),
      object_id text NOT NULL CHECK (length(object_id) BETWEEN 1 AND 64),
      before jsonb,
      after jsonb,
      at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX operator_audit_at ON operator_audit (at DESC, id DESC);
    CREATE INDEX operator_audit_operator ON operator_audit (operator_id, at DESC, id DESC);
    CREATE INDEX operator_audit_action ON operator_audit (action, at DESC, id DESC);
    CREATE INDEX operator_audit_object ON operator_audit (object_type, object_id, at DESC, id DESC);

    UPDATE notices SET body = '<p>' || regexp_replace(regexp_replace(
      replace(replace(replace(replace(trim(body), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
      E'\\n{2,}', '</p><p>', 'g'), E'\\n', '<br />', 'g') || '</p>';

    -- An operator notification to every studio user: the request writes this row (and queues a job);
    -- the job writes the notifications in batches in user id order, moving the cursor in the same
    -- transaction as each batch, so a retried job carries on where it stopped and nobody gets two.
    CREATE TABLE operator_broadcasts (
      id bigserial PRIMARY KEY,
      operator_id bigint REFERENCES users (id) ON DELETE SET NULL,
      message text NOT NULL CHECK (length(message) BETWEEN 1 AND 1000),
      landing_url text,
      last_user_id bigint NOT NULL,
      cursor_user_id bigint NOT NULL DEFAULT 0,
      delivered integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    );
    CREATE INDEX operator_broadcasts_created ON operator_broadcasts (created_at DESC, id DESC);

    -- The operator console lists every notice (both categories, scheduled too), newest first (0006 may have made the same index).
    CREATE INDEX IF NOT EXISTS notices_published ON notices (published_at DESC, id DESC);

    -- The operator console searches channels by status, newest first.
    CREATE INDEX channels_status_id ON channels (status, id DESC);
  `.execute(db);
}
