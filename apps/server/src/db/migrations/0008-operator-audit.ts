import { sql, type Kysely } from 'kysely';

/**
 * Every operator action, written in the transaction of the change it records:
 * who, what, on which object, the object before and after, when. Listed newest
 * first, filtered by operator, action or object; each filter has its index.
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
  `.execute(db);
}
