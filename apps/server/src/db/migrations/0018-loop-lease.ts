import { sql, type Kysely } from 'kysely';

/**
 * A transcode's lease (modules/loops/loop-lease-sweep.ts). `lease_token` names the run that holds the
 * loop (a fresh random id per attempt, also the name of the files that attempt writes); `lease_until`
 * is renewed while it runs. A run whose lease ran out (its instance died) is handed back to the queue,
 * and only the run holding the token may record progress or complete the loop.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE loops ADD COLUMN lease_token uuid, ADD COLUMN lease_until timestamptz;
  `.execute(db);
}
