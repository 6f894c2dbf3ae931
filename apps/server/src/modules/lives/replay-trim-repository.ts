import type { Transaction } from 'kysely';
import type { ReplayTrim, ReplayTrimFailure } from '@studio/contract/live';
import type { Database, Db } from '../../db/schema';

type Executor = Db | Transaction<Database>;

export type ReplayTrimRow = {
  id: number;
  live_id: number;
  start_seconds: number;
  end_seconds: number;
  state: 'RUNNING' | 'DONE' | 'FAILED';
  failure: string | null;
  requested_by: number | null;
  created_at: Date;
  finished_at: Date | null;
};

const FAILURES = new Set<string>(['RECORDING_UNREADABLE', 'REPLAY_CHANGED', 'STORE_FAILED']);

export function toReplayTrim(row: ReplayTrimRow): ReplayTrim {
  return {
    id: row.id,
    state: row.state,
    startSeconds: row.start_seconds,
    endSeconds: row.end_seconds,
    failure: row.failure !== null && FAILURES.has(row.failure) ? (row.failure as ReplayTrimFailure) : null,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

/** The trims of replays (migration 0031): one RUNNING per live, the unique index says so. */
export const replayTrimRepository = {
  async insert(trx: Transaction<Database>, values: { liveId: number; startSeconds: number; endSeconds: number; requestedBy: number; at: Date }): Promise<ReplayTrimRow> {
    return trx
      .insertInto('replay_trims')
      .values({ live_id: values.liveId, start_seconds: values.startSeconds, end_seconds: values.endSeconds, requested_by: values.requestedBy, created_at: values.at })
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  async running(executor: Executor, liveId: number): Promise<ReplayTrimRow | undefined> {
    return executor.selectFrom('replay_trims').selectAll().where('live_id', '=', liveId).where('state', '=', 'RUNNING').executeTakeFirst();
  },

  async latest(executor: Executor, liveId: number): Promise<ReplayTrimRow | undefined> {
    return executor.selectFrom('replay_trims').selectAll().where('live_id', '=', liveId).orderBy('id', 'desc').limit(1).executeTakeFirst();
  },

  async lock(trx: Transaction<Database>, trimId: number): Promise<ReplayTrimRow | undefined> {
    return trx.selectFrom('replay_trims').selectAll().where('id', '=', trimId).forUpdate().executeTakeFirst();
  },

  async find(executor: Executor, trimId: number): Promise<ReplayTrimRow | undefined> {
    return executor.selectFrom('replay_trims').selectAll().where('id', '=', trimId).executeTakeFirst();
  },

  /** RUNNING → DONE or FAILED, once: answers whether this call moved it. */
  async finish(executor: Executor, trimId: number, state: 'DONE' | 'FAILED', failure: ReplayTrimFailure | null, at: Date): Promise<boolean> {
    const result = await executor
      .updateTable('replay_trims')
      .set({ state, failure, finished_at: at })
      .where('id', '=', trimId)
      .where('state', '=', 'RUNNING')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** The live's thumbnail and where in the replay it was taken, after a trim moved or replaced it. */
  async setStill(trx: Transaction<Database>, liveId: number, thumbnailUrl: string | null, stillSeconds: number | null): Promise<void> {
    await trx.updateTable('lives').set({ thumbnail_url: thumbnailUrl, replay_still_seconds: stillSeconds }).where('id', '=', liveId).execute();
  },
};
