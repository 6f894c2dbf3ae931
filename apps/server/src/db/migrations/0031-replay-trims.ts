import { sql, type Kysely } from 'kysely';

/**
 * Issue 24, point 1 (decision 046): the owner trims a replay's start and end.
 *
 * `replay_trims` holds each trim asked for: the range in seconds of the version it was asked on,
 * RUNNING until the job swapped the replay to the trimmed playlist (DONE) or gave up (FAILED, with
 * a reason code the live page shows). One RUNNING trim per live (a unique partial index), so 50
 * requests at once queue one trim and the others are told one is running.
 *
 * `lives.replay_still_seconds` is where in the replay the generated thumbnail was taken (null when
 * the thumbnail was uploaded, or was settled before this migration): a trim keeps it unless that
 * moment was cut off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE replay_trims (
      id bigserial PRIMARY KEY,
      live_id bigint NOT NULL REFERENCES lives (id) ON DELETE CASCADE,
      start_seconds double precision NOT NULL,
      end_seconds double precision NOT NULL,
      state text NOT NULL DEFAULT 'RUNNING' CHECK (state IN ('RUNNING', 'DONE', 'FAILED')),
      failure text,
      requested_by bigint,
      created_at timestamptz NOT NULL,
      finished_at timestamptz
    );
    CREATE UNIQUE INDEX replay_trims_one_running ON replay_trims (live_id) WHERE state = 'RUNNING';
    CREATE INDEX replay_trims_of_live ON replay_trims (live_id, id DESC);
    ALTER TABLE lives ADD COLUMN replay_still_seconds double precision;
  `.execute(db);
}
