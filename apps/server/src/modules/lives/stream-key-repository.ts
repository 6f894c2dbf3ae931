import { randomBytes } from 'node:crypto';
import { sql, type Insertable, type Transaction } from 'kysely';
import type { Database, Db, StreamKeyRow } from '../../db/schema';
import { claimHeld } from './ingest/ingest-node-repository';

type Executor = Db | Transaction<Database>;

/** A stream key with whether a live using it is on air. */
export type StreamKeyRecord = StreamKeyRow & { is_live: boolean };

/** The public id of a key: safe in URLs and lists. */
export const newKampChannelId = () => `kc${randomBytes(7).toString('hex')}`;
/** The secret an encoder publishes with: 160 random bits, URL- and RTMP-path-safe. */
export const newStreamSecret = () => `live_${randomBytes(20).toString('hex')}`;

const isLive = sql<boolean>`EXISTS (SELECT 1 FROM lives l WHERE l.stream_key_id = stream_keys.id AND l.status = 'START')`;

/** For factories and the demo seed: a key row as given, with a fresh public id and secret unless given. */
export async function insertStreamKeyRow(
  db: Executor,
  values: Omit<Insertable<Database['stream_keys']>, 'kamp_channel_id' | 'secret'> & { kamp_channel_id?: string; secret?: string },
): Promise<StreamKeyRow> {
  return db
    .insertInto('stream_keys')
    .values({ kamp_channel_id: newKampChannelId(), secret: newStreamSecret(), ...values })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Stream keys. `claimTimeoutSeconds` is the ingest nodes' failover window (INGEST_NODE_TIMEOUT_SECONDS):
 * a key read here whose publishing flag names a node that stopped beating comes without it (decision
 * 059), so no reader takes a dead node's claim for a stream being received.
 */
export function streamKeyRepository(db: Db, claimTimeoutSeconds: number) {
  const held = claimHeld('stream_keys', claimTimeoutSeconds);
  /** A flag of a dead node is void: read as no flag at all. */
  const withClaim = <T extends StreamKeyRow & { held: boolean }>({ held: counts, ...row }: T): Omit<T, 'held'> =>
    counts ? row : { ...row, publishing_since: null, publishing_node: null, receiving_since: null };
  return {
    async list(channelId: number): Promise<StreamKeyRecord[]> {
      return (await db.selectFrom('stream_keys').selectAll().select([isLive.as('is_live'), held.as('held')]).where('channel_id', '=', channelId).orderBy('id').execute()).map(withClaim);
    },

    async find(executor: Executor, channelId: number, kampChannelId: string): Promise<StreamKeyRecord | undefined> {
      const row = await executor
        .selectFrom('stream_keys')
        .selectAll()
        .select([isLive.as('is_live'), held.as('held')])
        .where('channel_id', '=', channelId)
        .where('kamp_channel_id', '=', kampChannelId)
        .executeTakeFirst();
      return row && withClaim(row);
    },

    async findById(executor: Executor, id: number): Promise<StreamKeyRow | undefined> {
      const row = await executor.selectFrom('stream_keys').selectAll().select(held.as('held')).where('id', '=', id).executeTakeFirst();
      return row && withClaim(row);
    },

    /**
     * The digest (credentialOf, SHA-256 hex) of each key's current secret, computed by PostgreSQL so no
     * secret leaves it: a publisher accepted with another one was reissued (decision 059). A deleted key has none.
     */
    async credentials(ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('stream_keys')
        .select(['id', sql<string>`encode(sha256(convert_to(secret, 'UTF8')), 'hex')`.as('credential')])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, row.credential]));
    },

    /** The key an encoder presents, or nothing for a wrong, reissued or deleted one. */
    async findBySecret(secret: string): Promise<StreamKeyRow | undefined> {
      return db.selectFrom('stream_keys').selectAll().where('secret', '=', secret).executeTakeFirst();
    },

    /** How many keys a channel holds; bounded by MAX_STREAM_KEYS, counted under the channel's lock. */
    async count(trx: Transaction<Database>, channelId: number): Promise<number> {
      const row = await trx.selectFrom('stream_keys').select((eb) => eb.fn.countAll<string>().as('n')).where('channel_id', '=', channelId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(trx: Transaction<Database>, channelId: number, title: string, at: Date): Promise<StreamKeyRow> {
      return trx
        .insertInto('stream_keys')
        .values({ channel_id: channelId, kamp_channel_id: newKampChannelId(), secret: newStreamSecret(), title, created_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Renames a key unless one of its lives is on air (decided in the same statement). */
    async rename(channelId: number, kampChannelId: string, title: string): Promise<'renamed' | 'on-air' | 'missing'> {
      const row = await db
        .updateTable('stream_keys')
        .set({ title })
        .where('channel_id', '=', channelId)
        .where('kamp_channel_id', '=', kampChannelId)
        .where(sql<boolean>`NOT ${isLive}`)
        .returning('id')
        .executeTakeFirst();
      if (row) return 'renamed';
      return (await this.find(db, channelId, kampChannelId)) ? 'on-air' : 'missing';
    },

    /** A new secret for the key: the old one stops working at once. */
    async reissue(channelId: number, kampChannelId: string): Promise<StreamKeyRow | undefined> {
      return db
        .updateTable('stream_keys')
        .set({ secret: newStreamSecret() })
        .where('channel_id', '=', channelId)
        .where('kamp_channel_id', '=', kampChannelId)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Records that ingest node `node` holds this key's publisher (null: nginx-rtmp, which names no node).
     * `receiving`: when its media counts as arriving; null until the first video keyframe reaches the
     * node's hub (setReceiving, decision 062). nginx-rtmp has no hub: its on_publish counts at once.
     */
    async setPublishing(id: number, since: Date, node: string | null, receiving: Date | null): Promise<void> {
      await db
        .updateTable('stream_keys')
        .set({ publishing_since: since, publishing_node: node, receiving_since: receiving })
        .where('id', '=', id)
        .execute();
    },

    /** The first video keyframe of the publisher `node` holds arrived (only while that claim stands). */
    async setReceiving(id: number, since: Date, node: string | null): Promise<boolean> {
      const result = await db
        .updateTable('stream_keys')
        .set({ receiving_since: since })
        .where('id', '=', id)
        .where('publishing_since', 'is not', null)
        .where(sql<boolean>`publishing_node IS NOT DISTINCT FROM ${node}`)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * The publisher `node` held left: the flag is cleared only while it still names that node (another node
     * that accepted the key meanwhile keeps it). `node` undefined clears it whoever holds it (nginx-rtmp).
     */
    async release(id: number, node: string | null | undefined): Promise<boolean> {
      let update = db.updateTable('stream_keys').set({ publishing_since: null, publishing_node: null, receiving_since: null }).where('id', '=', id).where('publishing_since', 'is not', null);
      if (node !== undefined) update = update.where(sql<boolean>`publishing_node IS NOT DISTINCT FROM ${node}`);
      const result = await update.executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /**
     * Claims a free key for one publisher on `node`: true only for the one caller that found it free, decided
     * in one statement. A WHIP session takes its key so (parallel offers on a key, on any instance, get one
     * session), and so does a node that still receives a key whose flag was let go (it was taken for dead).
     */
    async claimPublishing(id: number, since: Date, node: string | null, receiving: Date | null = null): Promise<boolean> {
      // Free: no flag, or a dead node's (void, decision 059), which its node's late release then leaves alone.
      const row = await db
        .updateTable('stream_keys')
        .set({ publishing_since: since, publishing_node: node, receiving_since: receiving })
        .where('id', '=', id)
        .where(sql<boolean>`NOT ${held}`)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type StreamKeyRepository = ReturnType<typeof streamKeyRepository>;
