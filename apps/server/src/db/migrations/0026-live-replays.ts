import { sql, type Kysely } from 'kysely';

/**
 * Issue 24: a live that recorded becomes a content of kind LIVE when it closes (its replay).
 *
 * `contents.live_id` ties the replay to its live, one content per live at most (a unique partial
 * index), so a close repeated, or the replay job retried, finds the content already there instead of
 * making a second. Deleting the live leaves the content pointing at nothing (SET NULL), though the
 * service deletes the replay with it first.
 *
 * `lives.replay_state` is what the server found once the recording was over: READY (segments were
 * recorded and the replay content exists) or NONE (nothing was recorded); null while not yet settled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE contents ADD COLUMN live_id bigint REFERENCES lives (id) ON DELETE SET NULL;
    CREATE UNIQUE INDEX contents_one_per_live ON contents (live_id) WHERE live_id IS NOT NULL;
    ALTER TABLE lives ADD COLUMN replay_state text CHECK (replay_state IN ('NONE', 'READY'));
    -- Lives closed before this migration with a recording: their replay is made by the start-up repair.
  `.execute(db);
}
