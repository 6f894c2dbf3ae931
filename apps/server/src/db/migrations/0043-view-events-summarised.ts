import { sql, type Kysely } from 'kysely';

/**
 * Issue 23, point 3 (decision 065): the BRIN index the roll-up's window scans go through, in ranges of
 * 16 pages (about 1,600 events) instead of 128. The roll-up summarises the ranges filled since its last
 * run before it reads (view-repository.ts): a BRIN index answers "maybe" for every range it has not
 * summarised, and only vacuum summarised them before, so the roll-up read most of the day's partition
 * for each quarter second of events, a cost that grew with the day. (autosummarize is left off: its
 * requests overflow autovacuum's queue at a few thousand events a second, each overflow a log line.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX view_events_received_at`.execute(db);
  await sql`CREATE INDEX view_events_received_at ON view_events USING brin (received_at) WITH (pages_per_range = 16)`.execute(db);
}
