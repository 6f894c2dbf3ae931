import { sql, type Kysely } from 'kysely';

/**
 * Ingest nodes past one machine (issue 22, decision 050): each node that receives RTMP registers itself
 * with the address web instances reach it at and renews a heartbeat every few seconds; a node whose
 * heartbeat is older than the bound is dead. A key's publishing flag names the node that holds the
 * publisher, so a node's start-up clears only its own flags and a dead node's, never a live node's.
 * Flags set before this migration name no node: they belong to no live node and are cleared as a dead
 * node's are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE ingest_nodes (
    id text PRIMARY KEY,
    internal_url text,
    started_at timestamptz NOT NULL,
    heartbeat_at timestamptz NOT NULL
  )`.execute(db);
  await sql`ALTER TABLE stream_keys ADD COLUMN publishing_node text`.execute(db);
  await sql`CREATE INDEX stream_keys_publishing_node ON stream_keys (publishing_node) WHERE publishing_since IS NOT NULL`.execute(db);
}
