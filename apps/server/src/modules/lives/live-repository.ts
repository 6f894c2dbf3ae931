import { sql, type Insertable, type Transaction } from 'kysely';
import type { LiveStatus } from '@studio/contract/enums';
import { MAX_SIMULTANEOUS_BROADCASTS } from '@studio/contract/constants';
import { LIVE_COUNT_CAP, type Live, type LiveDetail, type ReplayState } from '@studio/contract/live';
import type { Page } from '@studio/contract/page';
import { literalCount } from '../../db/literal';
import { pageWithTotal, totalUpTo } from '../../db/paged';
import type { Database, Db, LiveRow } from '../../db/schema';

type Executor = Db | Transaction<Database>;

export type LiveRecord = LiveRow & { kamp_channel_id: string; stream_key_title: string };

export type LiveFilter = { title?: string; kampChannelId?: string; status?: LiveStatus[] };

function base(executor: Executor) {
  return executor
    .selectFrom('lives')
    .innerJoin('stream_keys', 'stream_keys.id', 'lives.stream_key_id')
    .selectAll('lives')
    .select(['stream_keys.kamp_channel_id', 'stream_keys.title as stream_key_title']);
}

export function toLive(row: LiveRecord): Live {
  return {
    liveId: row.id,
    title: row.title,
    thumbnailUrl: row.thumbnail_url,
    createdAt: row.created_at.toISOString(),
    status: row.status,
    kampChannelId: row.kamp_channel_id,
  };
}

export function toLiveDetail(row: LiveRecord): LiveDetail {
  return {
    ...toLive(row),
    channelId: row.channel_id,
    description: row.description,
    streamKeyTitle: row.stream_key_title,
    startedAt: row.started_at?.toISOString() ?? null,
    endedAt: row.ended_at?.toISOString() ?? null,
  };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** For factories and the demo seed: a live row as given. */
export async function insertLiveRow(db: Executor, values: Insertable<Database['lives']>): Promise<number> {
  const row = await db.insertInto('lives').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function liveRepository(db: Db) {
  return {
    /**
     * One statement: the page's ids are sought on the channel's (created_at, id) index alone (an
     * index-only scan when unfiltered, so a deep page reads index entries, not rows), then only those
     * rows are read with their key; the total is counted up to LIVE_COUNT_CAP beside them.
     */
    async page(channelId: number, filter: LiveFilter, page: number, size: number, direction: 'asc' | 'desc'): Promise<Page<Live>> {
      let matching = db.selectFrom('lives').where('lives.channel_id', '=', channelId);
      if (filter.title) matching = matching.where('lives.title', 'ilike', `%${escapeLike(filter.title)}%`);
      if (filter.kampChannelId) {
        const kampChannelId = filter.kampChannelId;
        matching = matching.where('lives.stream_key_id', 'in', (eb) => eb.selectFrom('stream_keys').select('stream_keys.id').where('stream_keys.kamp_channel_id', '=', kampChannelId));
      }
      if (filter.status) matching = matching.where('lives.status', 'in', filter.status);
      const keys = matching.select('lives.id').orderBy('lives.created_at', direction).orderBy('lives.id', direction).limit(literalCount(size + 1)).offset(literalCount(page * size));
      const { rows, total } = await pageWithTotal(
        db,
        totalUpTo(db, matching.select('lives.id'), LIVE_COUNT_CAP),
        db
          .selectFrom(keys.as('k'))
          .innerJoin('lives', 'lives.id', 'k.id')
          .innerJoin('stream_keys', 'stream_keys.id', 'lives.stream_key_id')
          .selectAll('lives')
          .select(['stream_keys.kamp_channel_id', 'stream_keys.title as stream_key_title']),
        [['created_at', direction], ['id', direction]],
      );
      const content = rows.slice(0, size).map(toLive);
      return { content, totalElements: total, number: page, size, numberOfElements: content.length, last: rows.length <= size };
    },

    async find(executor: Executor, channelId: number, liveId: number): Promise<LiveRecord | undefined> {
      return base(executor).where('lives.channel_id', '=', channelId).where('lives.id', '=', liveId).executeTakeFirst();
    },

    async findById(liveId: number): Promise<LiveRecord | undefined> {
      return base(db).where('lives.id', '=', liveId).executeTakeFirst();
    },

    async insert(
      trx: Executor,
      values: { channelId: number; streamKeyId: number; title: string; description: string; thumbnailUrl: string | null; at: Date },
    ): Promise<number> {
      const row = await trx
        .insertInto('lives')
        .values({
          channel_id: values.channelId,
          stream_key_id: values.streamKeyId,
          title: values.title,
          description: values.description,
          thumbnail_url: values.thumbnailUrl,
          created_at: values.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(channelId: number, liveId: number, values: { title?: string; description?: string; thumbnail_url?: string }): Promise<boolean> {
      const row = await db.updateTable('lives').set(values).where('channel_id', '=', channelId).where('id', '=', liveId).returning('id').executeTakeFirst();
      return Boolean(row);
    },

    /** Deletes a live that is not on air; whether it did, decided in the statement. */
    async deleteIfOffAir(executor: Executor, channelId: number, liveId: number): Promise<boolean> {
      const row = await executor.deleteFrom('lives').where('channel_id', '=', channelId).where('id', '=', liveId).where('status', '!=', 'START').returning('id').executeTakeFirst();
      return Boolean(row);
    },

    /**
     * Puts a READY live on air in one of its channel's five slots. The caller holds the channel's
     * row lock, so starts of one channel take turns; the unique (channel, slot) constraint holds
     * the limit even for a caller that forgot to.
     */
    async startInFreeSlot(trx: Transaction<Database>, channelId: number, liveId: number, at: Date): Promise<LiveRow | 'no-slot' | undefined> {
      const taken = await trx.selectFrom('lives').select('air_slot').where('channel_id', '=', channelId).where('air_slot', 'is not', null).execute();
      const used = new Set(taken.map((row) => row.air_slot));
      const slot = Array.from({ length: MAX_SIMULTANEOUS_BROADCASTS }, (_, i) => i + 1).find((candidate) => !used.has(candidate));
      if (slot === undefined) return 'no-slot';
      return trx
        .updateTable('lives')
        .set({ status: 'START', air_slot: slot, started_at: at, interrupted_at: null })
        .where('id', '=', liveId)
        .where('channel_id', '=', channelId)
        .where('status', '=', 'READY')
        .returningAll()
        .executeTakeFirst();
    },

    /** Closes an on-air live; only the call that changed it gets the row. */
    async close(executor: Executor, liveId: number, at: Date, onlyIfInterruptedAt?: Date): Promise<LiveRow | undefined> {
      let query = executor
        .updateTable('lives')
        .set({ status: 'END', air_slot: null, ended_at: at, interrupted_at: null })
        .where('id', '=', liveId)
        .where('status', '=', 'START');
      if (onlyIfInterruptedAt) query = query.where('interrupted_at', '=', onlyIfInterruptedAt);
      return query.returningAll().executeTakeFirst();
    },

    async changeStream(channelId: number, liveId: number, streamKeyId: number): Promise<boolean> {
      const row = await db
        .updateTable('lives')
        .set({ stream_key_id: streamKeyId })
        .where('channel_id', '=', channelId)
        .where('id', '=', liveId)
        .where('status', '=', 'READY')
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },

    /** The live a key's publisher feeds: its on-air live, else its newest READY one. */
    async currentForKey(streamKeyId: number): Promise<LiveRow | undefined> {
      return db
        .selectFrom('lives')
        .selectAll()
        .where('stream_key_id', '=', streamKeyId)
        .where('status', 'in', ['START', 'READY'])
        .orderBy(sql`status = 'START'`, 'desc')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** The encoder of an on-air live dropped: the first call marks it (and gets the row). */
    async markInterrupted(trx: Transaction<Database>, streamKeyId: number, at: Date): Promise<LiveRow | undefined> {
      return trx
        .updateTable('lives')
        .set({ interrupted_at: at })
        .where('stream_key_id', '=', streamKeyId)
        .where('status', '=', 'START')
        .where('interrupted_at', 'is', null)
        // Not while a node receives the key: one that accepted it meanwhile carries the live on.
        .where(sql<boolean>`NOT EXISTS (SELECT 1 FROM stream_keys k WHERE k.id = ${streamKeyId} AND k.publishing_since IS NOT NULL)`)
        .returningAll()
        .executeTakeFirst();
    },

    async markResumed(streamKeyId: number): Promise<void> {
      await db.updateTable('lives').set({ interrupted_at: null }).where('stream_key_id', '=', streamKeyId).where('status', '=', 'START').execute();
    },

    /** A live under its row lock (the replay is settled once per live, behind it). */
    async lockById(trx: Transaction<Database>, liveId: number): Promise<LiveRow | undefined> {
      return trx.selectFrom('lives').selectAll().where('id', '=', liveId).forUpdate().executeTakeFirst();
    },

    /** Records what a closed live left; a thumbnail taken from the recording fills an empty one. */
    async settleReplay(trx: Transaction<Database>, liveId: number, state: ReplayState, thumbnailUrl: string | null, stillSeconds: number | null = null): Promise<void> {
      await trx
        .updateTable('lives')
        .set((eb) => ({
          replay_state: state,
          has_recording: state === 'READY',
          thumbnail_url: eb.fn.coalesce('thumbnail_url', eb.val(thumbnailUrl)),
          replay_still_seconds: stillSeconds,
        }))
        .where('id', '=', liveId)
        .execute();
    },

    /** Closed lives whose recording was never settled (a server stopped between the close and its job). */
    async unsettledEnded(limit: number): Promise<number[]> {
      const rows = await db.selectFrom('lives').select('id').where('status', '=', 'END').where('replay_state', 'is', null).orderBy('id').limit(limit).execute();
      return rows.map((row) => row.id);
    },

    async markRecorded(liveId: number): Promise<void> {
      await db.updateTable('lives').set({ has_recording: true }).where('id', '=', liveId).where('has_recording', '=', false).execute();
    },

    /** Lives on air across all channels (bounded by five per channel): recorders to resume after a restart. */
    /** Which of these lives are on air (START): a recording or forward of any other has nothing left to do. */
    async onAirAmong(ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('lives').select('id').where('id', 'in', ids).where('status', '=', 'START').execute();
      return new Set(rows.map((row) => row.id));
    },

    async onAir(): Promise<LiveRow[]> {
      return db.selectFrom('lives').selectAll().where('status', '=', 'START').execute();
    },

    /** The channel's row lock: start calls of one channel take turns behind it. */
    async lockChannel(trx: Transaction<Database>, channelId: number): Promise<void> {
      await trx.selectFrom('channels').select('id').where('id', '=', channelId).forUpdate().execute();
    },
  };
}

export type LiveRepository = ReturnType<typeof liveRepository>;
