import type { Loop } from '@studio/contract/loop';
import type { ProcessingStatus } from '@studio/contract/enums';
import type { Database, Db } from '../../db/schema';
import { sql, type Selectable, type Transaction } from 'kysely';
import { liveJobExists } from '../../jobs/job-queue-repository';
import type { MediaFiles } from '../../media/media-jobs';

/** The queue of loop transcodes (one job per loop at a time; every send carries the loop's id as its singleton key). */
export const LOOP_QUEUE = 'loop.process';

export type LoopRow = Selectable<Database['loops']>;
type Executor = Db | Transaction<Database>;

/** Statuses in which a job still owes the loop its rendition. */
export const UNFINISHED: ProcessingStatus[] = ['RESERVED', 'START', 'PROCESSING'];

/** The media files a loop holds: its rendition and its thumbnail candidates. */
export const filesOf = (loop: Pick<LoopRow, 'video_name' | 'thumbnail_names'>): MediaFiles => [
  ...(loop.video_name ? [{ kind: 'loops' as const, name: loop.video_name }] : []),
  ...loop.thumbnail_names.map((name) => ({ kind: 'thumbnails' as const, name })),
];

/**
 * Loops of deleted contents (`contentId`, or every deleted content) are deleted too, in `tx`: the files
 * they held are returned for removal, each once (a loop already deleted is left alone).
 */
export async function releaseLoopsOfDeletedContents(tx: Transaction<Database>, at: Date, contentId?: number): Promise<MediaFiles> {
  let query = tx
    .updateTable('loops')
    .set({ status: 'DELETE', updated_at: at })
    .where((eb) => eb.or([eb('status', 'is', null), eb('status', '<>', 'DELETE')]))
    .where((eb) => eb.exists(eb.selectFrom('contents').select('contents.id').whereRef('contents.id', '=', 'loops.content_id').where('contents.status', '=', 'DELETE')));
  if (contentId !== undefined) query = query.where('content_id', '=', contentId);
  return (await query.returning(['video_name', 'thumbnail_names']).execute()).flatMap(filesOf);
}

/** `stuck`: the repository's judgement (stuckAmong); a loop just changed by a call is never stuck. */
export function toLoop(row: LoopRow, urlFor: (kind: 'loops' | 'thumbnails', name: string) => string, stuck = false): Loop {
  return {
    id: row.id,
    channelId: row.channel_id,
    status: row.status,
    progress: row.progress,
    errorCode: row.error_code,
    uploadedBytes: row.uploaded_bytes,
    totalBytes: row.total_bytes,
    durationSeconds: row.duration_seconds,
    width: row.width,
    height: row.height,
    videoUrl: row.video_name ? urlFor('loops', row.video_name) : null,
    thumbnails: row.thumbnail_names.map((name, index) => ({ index, url: urlFor('thumbnails', name) })),
    thumbnailIndex: row.thumbnail_index,
    contentId: row.content_id,
    stuck,
    fileName: row.file_name,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Any fixed number: with a person's id, the key of the lock under which their uploads are counted and opened. */
const UPLOADS_LOCK = 7_300_003;

export function loopRepository(db: Db) {
  return {
    async create(executor: Executor, entry: { id: string; channelId: number; userId: number; totalBytes: number; fileName?: string | null; at: Date }): Promise<void> {
      await executor
        .insertInto('loops')
        .values({ id: entry.id, channel_id: entry.channelId, user_id: entry.userId, total_bytes: entry.totalBytes, file_name: entry.fileName ?? null, created_at: entry.at, updated_at: entry.at })
        .execute();
    },

    /**
     * Which of these loops are stuck (issue 25): marked RESERVED, START or PROCESSING, yet no job of
     * LOOP_QUEUE waits, retries or runs for them (by the singleton key every send of that queue
     * carries), no run holds a live lease, and nothing moved since `movedBefore`.
     * Nothing will ever finish them; the person is offered retry and delete instead.
     */
    async stuckAmong(executor: Executor, ids: readonly string[], at: Date, movedBefore: Date): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const { rows } = await sql<{ id: string }>`
        SELECT l.id FROM loops l
        WHERE l.id IN (${sql.join(ids)})
          AND l.status IN ('RESERVED', 'START', 'PROCESSING')
          AND (l.lease_until IS NULL OR l.lease_until <= ${at})
          AND l.updated_at <= ${movedBefore}
          AND NOT ${liveJobExists(LOOP_QUEUE, sql`l.id::text`)}`.execute(executor);
      return new Set(rows.map((row) => row.id));
    },

    /** A stuck loop (under its lock, checked again by the caller) is queued afresh: RESERVED, no lease, nothing of a run. */
    requeue(tx: Transaction<Database>, id: string, at: Date): Promise<LoopRow | undefined> {
      return tx
        .updateTable('loops')
        .set({ status: 'RESERVED', progress: 0, error_code: null, lease_token: null, lease_until: null, updated_at: at })
        .where('id', '=', id)
        .where('status', 'in', UNFINISHED)
        .returningAll()
        .executeTakeFirst();
    },

    find(id: string): Promise<LoopRow | undefined> {
      return db.selectFrom('loops').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findInChannel(channelId: number, id: string): Promise<LoopRow | undefined> {
      return db.selectFrom('loops').selectAll().where('id', '=', id).where('channel_id', '=', channelId).executeTakeFirst();
    },

    /** A person's loops of a channel not yet published, newest first (the upload page resumes from these). */
    listUnpublished(channelId: number, userId: number, limit = 20): Promise<LoopRow[]> {
      return db
        .selectFrom('loops')
        .selectAll()
        .where('channel_id', '=', channelId)
        .where('user_id', '=', userId)
        .where('content_id', 'is', null)
        .where((eb) => eb.or([eb('status', 'is', null), eb('status', 'not in', ['DELETE'])]))
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute();
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('loops').where('id', '=', id).execute();
    },

    /**
     * Until `tx` ends, this person's uploads are opened one at a time: what `unfinishedOf` counts then
     * stays true until the new row is written (a transaction-level advisory lock, released by commit).
     */
    async lockUploadsOf(tx: Transaction<Database>, userId: number): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(${UPLOADS_LOCK}, ${userId % 2_147_483_647}::int)`.execute(tx);
    },

    /** How many uploads this person has not finished (across channels) and the bytes they declare together. */
    async unfinishedOf(executor: Executor, userId: number): Promise<{ count: number; bytes: number }> {
      const row = await executor
        .selectFrom('loops')
        .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.coalesce(eb.fn.sum<string>('total_bytes'), sql<string>`0`).as('bytes')])
        .where('user_id', '=', userId)
        .where('status', 'is', null)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), bytes: Number(row.bytes) };
    },

    /**
     * Unfinished uploads that received nothing since `before` and lack at most `lastPieceBytes` by the
     * row (its offset is recorded for every piece but the last), quietest first: those whose every byte
     * may have arrived unseen. Half uploads abandoned long ago are not among them, so they cannot crowd
     * a whole one out of the batch.
     */
    async uploadingQuietSince(before: Date, lastPieceBytes: number, limit: number): Promise<{ id: string; total_bytes: number }[]> {
      return db
        .selectFrom('loops')
        .select(['id', 'total_bytes'])
        .where('status', 'is', null)
        .where('updated_at', '<', before)
        .where(sql<boolean>`total_bytes - uploaded_bytes <= ${lastPieceBytes}`)
        .orderBy('updated_at')
        .limit(limit)
        .execute();
    },

    /**
     * Takes the end of an upload (the probe, then the queue) for one finisher across every instance:
     * the last piece's, a resume's or the sweep's. The claim is the row's lease, which no other state of
     * an upload uses; one whose finisher died lapses at `until`. Undefined when the upload is ended
     * already, gone, or being ended by another.
     */
    takeEnd(id: string, token: string, at: Date, until: Date): Promise<{ id: string } | undefined> {
      return db
        .updateTable('loops')
        .set({ lease_token: token, lease_until: until })
        .where('id', '=', id)
        .where('status', 'is', null)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
        .returning('id')
        .executeTakeFirst();
    },

    /** Lets the end of an upload go (its finisher could not end it: a store or database fault); the next one may take it. */
    async releaseEnd(id: string, token: string): Promise<void> {
      await db.updateTable('loops').set({ lease_token: null, lease_until: null }).where('id', '=', id).where('lease_token', '=', token).where('status', 'is', null).execute();
    },

    /**
     * Unfinished uploads that received nothing since `before` are deleted (each by one caller only, whoever
     * else sweeps at once); answers their ids, whose files are then owed a removal.
     */
    async deleteIdleUploads(tx: Transaction<Database>, before: Date, limit: number): Promise<string[]> {
      const rows = await tx
        .deleteFrom('loops')
        .where('id', 'in', (eb) => eb.selectFrom('loops').select('id').where('status', 'is', null).where('updated_at', '<', before).orderBy('updated_at').limit(limit).forUpdate().skipLocked())
        .where('status', 'is', null)
        .where('updated_at', '<', before)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    async recordUploaded(id: string, bytes: number, at: Date): Promise<void> {
      await db.updateTable('loops').set({ uploaded_bytes: bytes, updated_at: at }).where('id', '=', id).where('status', 'is', null).execute();
    },

    /** The file has arrived and passed the probe: queue it, once (only from "uploading"). */
    markUploaded(tx: Transaction<Database>, id: string, bytes: number, at: Date): Promise<LoopRow | undefined> {
      return tx
        .updateTable('loops')
        .set({ status: 'RESERVED', uploaded_bytes: bytes, updated_at: at, lease_token: null, lease_until: null })
        .where('id', '=', id)
        .where('status', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Moves a loop from one of `from` to `to`; answers the row only when it really moved. Any move ends
     * the run holding the loop (its lease); with `token`, only while that run still holds it.
     */
    transition(
      executor: Executor,
      id: string,
      from: (ProcessingStatus | null)[],
      to: ProcessingStatus,
      at: Date,
      changes: Partial<{ error_code: string | null; progress: number }> = {},
      token?: string,
    ): Promise<LoopRow | undefined> {
      const statuses = from.filter((status): status is ProcessingStatus => status !== null);
      let query = executor
        .updateTable('loops')
        .set({ status: to, updated_at: at, lease_token: null, lease_until: null, ...changes })
        .where('id', '=', id)
        .where((eb) => (from.includes(null) ? eb.or([eb('status', 'is', null), ...(statuses.length ? [eb('status', 'in', statuses)] : [])]) : eb('status', 'in', statuses)));
      if (token) query = query.where('lease_token', '=', token);
      return query.returningAll().executeTakeFirst();
    },

    /**
     * A run takes the loop: START, one more attempt, the lease under a new token. Not while another run
     * holds a lease still running: a job that turns up late (the one of an instance that died, expired
     * by the queue long after the loop was handed on) then does nothing.
     */
    claim(id: string, token: string, at: Date, leaseUntil: Date): Promise<LoopRow | undefined> {
      return db
        .updateTable('loops')
        .set((eb) => ({ status: 'START', attempts: eb('attempts', '+', 1), progress: 0, error_code: null, lease_token: token, lease_until: leaseUntil, updated_at: at }))
        .where('id', '=', id)
        .where('status', 'in', UNFINISHED)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Progress while PROCESSING, which also renews the run's lease; false when the run no longer holds
     * the loop (stopped, deleted, or its lease ran out and the loop was handed on): the run then gives up.
     */
    async progress(id: string, token: string, percent: number, at: Date, leaseUntil: Date): Promise<boolean> {
      const result = await db
        .updateTable('loops')
        .set({ progress: percent, lease_until: leaseUntil, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'PROCESSING')
        .where('lease_token', '=', token)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Renews the run's lease between progress writes (probing, thumbnails); false as for progress. */
    async renew(id: string, token: string, leaseUntil: Date): Promise<boolean> {
      const result = await db
        .updateTable('loops')
        .set({ lease_until: leaseUntil })
        .where('id', '=', id)
        .where('status', 'in', ['START', 'PROCESSING'])
        .where('lease_token', '=', token)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Runs whose lease ran out by `at` (their instance died or lost the database), locked in `tx` for the sweep. */
    lockExpiredLeases(tx: Transaction<Database>, at: Date): Promise<LoopRow[]> {
      return tx
        .selectFrom('loops')
        .selectAll()
        .where('status', 'in', ['START', 'PROCESSING'])
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', at)]))
        .orderBy('updated_at')
        .limit(100)
        .forUpdate()
        .skipLocked()
        .execute();
    },

    async probed(id: string, token: string, probe: { durationSeconds: number; width: number; height: number }, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('loops')
        .set({ status: 'PROCESSING', duration_seconds: probe.durationSeconds, width: probe.width, height: probe.height, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'START')
        .where('lease_token', '=', token)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The run holding the lease completes the loop, once: no other run can (the token decides). Its length is the rendition's, measured. */
    complete(tx: Transaction<Database>, id: string, token: string, output: { videoName: string; thumbnailNames: string[]; width: number; height: number; durationSeconds: number }, at: Date): Promise<LoopRow | undefined> {
      return tx
        .updateTable('loops')
        .set({ status: 'COMPLETE', progress: 100, video_name: output.videoName, thumbnail_names: output.thumbnailNames, thumbnail_index: 0, width: output.width, height: output.height, duration_seconds: output.durationSeconds, lease_token: null, lease_until: null, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'PROCESSING')
        .where('lease_token', '=', token)
        .returningAll()
        .executeTakeFirst();
    },

    /** The name of a loop's channel, for what its uploader is told. */
    async channelName(tx: Transaction<Database>, channelId: number): Promise<string | undefined> {
      const channel = await tx.selectFrom('channels').select('name').where('id', '=', channelId).executeTakeFirst();
      return channel?.name;
    },

    /** The loop, locked for the rest of the transaction: publishing decides under this lock, so a loop publishes once. */
    lockInChannel(tx: Transaction<Database>, channelId: number, id: string): Promise<LoopRow | undefined> {
      return tx.selectFrom('loops').selectAll().where('id', '=', id).where('channel_id', '=', channelId).forUpdate().executeTakeFirst();
    },

    /** The loop now is that content (set once: the unique index loops_one_content backs the lock). */
    async linkContent(tx: Transaction<Database>, id: string, contentId: number, thumbnailIndex: number, at: Date): Promise<LoopRow> {
      return tx
        .updateTable('loops')
        .set({ content_id: contentId, thumbnail_index: thumbnailIndex, updated_at: at })
        .where('id', '=', id)
        .where('content_id', 'is', null)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async chooseThumbnail(channelId: number, id: string, index: number, at: Date): Promise<LoopRow | undefined> {
      return db
        .updateTable('loops')
        .set({ thumbnail_index: index, updated_at: at })
        .where('id', '=', id)
        .where('channel_id', '=', channelId)
        .where('status', '=', 'COMPLETE')
        .where((eb) => eb(eb.fn('cardinality', ['thumbnail_names']), '>', index))
        .returningAll()
        .executeTakeFirst();
    },
  };
}
