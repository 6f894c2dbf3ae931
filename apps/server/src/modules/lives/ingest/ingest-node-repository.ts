import { sql } from 'kysely';
import type { Db } from '../../../db/schema';

/** Where a key's publisher is held: the node, the address web instances reach it at, and whether it is alive. */
export type KeyHolder = { node: string | null; internalUrl: string | null; alive: boolean };

/**
 * The one definition of a living node (decisions 050 and 059): its row's heartbeat is younger than the
 * failover window (INGEST_NODE_TIMEOUT_SECONDS), judged by the database's now(). `node` is the column
 * naming it.
 */
export function nodeAlive(node: string, timeoutSeconds: number) {
  return sql<boolean>`EXISTS (SELECT 1 FROM ingest_nodes alive_node WHERE alive_node.id = ${sql.ref(node)} AND alive_node.heartbeat_at > now() - make_interval(secs => ${timeoutSeconds}))`;
}

/**
 * Whether a key's publishing flag counts (decision 059): set, and naming no node (nginx-rtmp, which
 * names none) or a living one. A flag of a node that stopped beating is void to every reader (the
 * stream state, a live's start, a WHIP claim) from the moment the window runs out, before anyone
 * clears it. `key` is the stream_keys table or its alias.
 */
export function claimHeld(key: string, timeoutSeconds: number) {
  const node = `${key}.publishing_node`;
  return sql<boolean>`(${sql.ref(`${key}.publishing_since`)} IS NOT NULL AND (${sql.ref(node)} IS NULL OR ${nodeAlive(node, timeoutSeconds)}))`;
}

/**
 * The registry of ingest nodes (decision 050): each node's row and heartbeat, and the nodes that hold
 * publishers. Every time is the database's own now(), so the clocks of the machines never disagree.
 */
export function ingestNodeRepository(db: Db, timeoutSeconds: number) {
  const fresh = nodeAlive('ingest_nodes.id', timeoutSeconds);
  return {
    /** The node (re)starts: its row, with a heartbeat of now. */
    async register(id: string, internalUrl: string | null): Promise<void> {
      await db
        .insertInto('ingest_nodes')
        .values({ id, internal_url: internalUrl, started_at: sql<Date>`now()`, heartbeat_at: sql<Date>`now()` })
        .onConflict((oc) => oc.column('id').doUpdateSet({ internal_url: internalUrl, started_at: sql<Date>`now()`, heartbeat_at: sql<Date>`now()` }))
        .execute();
    },

    /** Renews the heartbeat; a row removed meanwhile (the node was taken for dead) is made again. */
    async heartbeat(id: string, internalUrl: string | null): Promise<void> {
      const renewed = await db.updateTable('ingest_nodes').set({ heartbeat_at: sql<Date>`now()`, internal_url: internalUrl }).where('id', '=', id).executeTakeFirst();
      if (renewed.numUpdatedRows === 0n) await this.register(id, internalUrl);
    },

    /** The node leaves (a clean shutdown): its row goes, so nobody waits for its heartbeat to expire. */
    async remove(id: string): Promise<void> {
      await db.deleteFrom('ingest_nodes').where('id', '=', id).execute();
    },

    /**
     * Keys flagged as publishing on a node that is not alive (no row, or a heartbeat older than the bound),
     * and with `orphans` those flagged by no node (set before nodes named themselves, or by nginx-rtmp):
     * the node each names, to let go of only while it still names it.
     */
    async heldByDead(except: string | null, orphans: boolean): Promise<{ id: number; node: string | null }[]> {
      const rows = await db
        .selectFrom('stream_keys as k')
        .select(['k.id', 'k.publishing_node as node'])
        .where('k.publishing_since', 'is not', null)
        .where(
          sql<boolean>`k.publishing_node IS DISTINCT FROM ${except}::text AND (
            (k.publishing_node IS NOT NULL AND NOT ${nodeAlive('k.publishing_node', timeoutSeconds)})
            OR (${orphans}::boolean AND k.publishing_node IS NULL))`,
        )
        .execute();
      return rows;
    },

    /** Keys this node's row says it holds. */
    async heldBy(id: string): Promise<number[]> {
      const rows = await db.selectFrom('stream_keys').select('id').where('publishing_node', '=', id).where('publishing_since', 'is not', null).execute();
      return rows.map((row) => row.id);
    },

    /** Who holds the key's publisher now, or null when nobody publishes it. */
    async holder(streamKeyId: number): Promise<KeyHolder | null> {
      const row = await db
        .selectFrom('stream_keys as k')
        .leftJoin('ingest_nodes as n', 'n.id', 'k.publishing_node')
        .select(['k.publishing_node as node', 'n.internal_url as internalUrl', nodeAlive('k.publishing_node', timeoutSeconds).as('alive')])
        .where('k.id', '=', streamKeyId)
        .where('k.publishing_since', 'is not', null)
        .executeTakeFirst();
      return row ? { node: row.node, internalUrl: row.internalUrl, alive: row.alive === true } : null;
    },

    /** The living nodes (readiness and tests). */
    async alive(): Promise<{ id: string; internal_url: string | null }[]> {
      return db.selectFrom('ingest_nodes').select(['id', 'internal_url']).where(fresh).orderBy('id').execute();
    },

    /** Rows of nodes dead for long and holding nothing: forgotten. */
    async forgetLongDead(): Promise<void> {
      await db
        .deleteFrom('ingest_nodes')
        .where(sql<boolean>`heartbeat_at < now() - make_interval(secs => ${timeoutSeconds * 20})`)
        .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM stream_keys k WHERE k.publishing_node = ingest_nodes.id AND k.publishing_since IS NOT NULL)`)
        .execute();
    },
  };
}

export type IngestNodeRepository = ReturnType<typeof ingestNodeRepository>;
