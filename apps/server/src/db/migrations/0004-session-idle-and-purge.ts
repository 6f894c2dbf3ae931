import { sql, type Kysely } from 'kysely';

// Studio sessions end after an idle period, and the periodic purge of expired
// sign-in rows needs indexes to find them without scanning.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
    CREATE INDEX sessions_last_seen_at ON sessions (last_seen_at);
    CREATE INDEX auth_requests_created_at ON auth_requests (created_at);
    CREATE INDEX web_sessions_account_id ON account.web_sessions (account_id);
    CREATE INDEX web_sessions_expires_at ON account.web_sessions (expires_at);
  `.execute(db);
}
