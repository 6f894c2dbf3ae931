import type { Loop } from '@studio/contract/loop';
import type { ProcessingStatus } from '@studio/contract/enums';
import type { Database, Db } from '../../db/schema';
import type { Selectable, Transaction } from 'kysely';
import type { MediaFiles } from '../../media/media-jobs';

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

export function toLoop(row: LoopRow, urlFor: (kind: 'loops' | 'thumbnails', name: string) => string): Loop {
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
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function loopRepository(db: Db) {
  return {
    async create(entry: { id: string; channelId: number; userId: number; totalBytes: number; at: Date }): Promise<void> {
      await db
        .insertInto('loops')
        .values({ id: entry.id, channel_id: entry.channelId, user_id: entry.userId, total_bytes: entry.totalBytes, created_at: entry.at, updated_at: entry.at })
        .execute();
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

    async recordUploaded(id: string, bytes: number, at: Date): Promise<void> {
      await db.updateTable('loops').set({ uploaded_bytes: bytes, updated_at: at }).where('id', '=', id).where('status', 'is', null).execute();
    },

    /** The file has arrived and passed the probe: queue it, once (only from "uploading"). */
    markUploaded(tx: Transaction<Database>, id: string, bytes: number, at: Date): Promise<LoopRow | undefined> {
      return tx
        .updateTable('loops')
        .set({ status: 'RESERVED', uploaded_bytes: bytes, updated_at: at })
        .where('id', '=', id)
        .where('status', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    /** Moves a loop from one of `from` to `to`; answers the row only when it really moved. */
    transition(executor: Executor, id: string, from: (ProcessingStatus | null)[], to: ProcessingStatus, at: Date, changes: Partial<{ error_code: string | null; progress: number }> = {}): Promise<LoopRow | undefined> {
      const statuses = from.filter((status): status is ProcessingStatus => status !== null);
      return executor
        .updateTable('loops')
        .set({ status: to, updated_at: at, ...changes })
        .where('id', '=', id)
        .where((eb) => (from.includes(null) ? eb.or([eb('status', 'is', null), ...(statuses.length ? [eb('status', 'in', statuses)] : [])]) : eb('status', 'in', statuses)))
        .returningAll()
        .executeTakeFirst();
    },

    /** The worker takes the loop: START, one more attempt. */
    claim(id: string, at: Date): Promise<LoopRow | undefined> {
      return db
        .updateTable('loops')
        .set((eb) => ({ status: 'START', attempts: eb('attempts', '+', 1), progress: 0, error_code: null, updated_at: at }))
        .where('id', '=', id)
        .where('status', 'in', UNFINISHED)
        .returningAll()
        .executeTakeFirst();
    },

    /** Progress while PROCESSING; false when the loop was stopped or deleted meanwhile (the worker then gives up). */
    async progress(id: string, percent: number, at: Date): Promise<boolean> {
      const result = await db.updateTable('loops').set({ progress: percent, updated_at: at }).where('id', '=', id).where('status', '=', 'PROCESSING').executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async probed(id: string, probe: { durationSeconds: number; width: number; height: number }, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('loops')
        .set({ status: 'PROCESSING', duration_seconds: probe.durationSeconds, width: probe.width, height: probe.height, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'START')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    complete(tx: Transaction<Database>, id: string, output: { videoName: string; thumbnailNames: string[]; width: number; height: number; durationSeconds: number }, at: Date): Promise<LoopRow | undefined> {
      return tx
        .updateTable('loops')
        .set({ status: 'COMPLETE', progress: 100, video_name: output.videoName, thumbnail_names: output.thumbnailNames, thumbnail_index: 0, width: output.width, height: output.height, duration_seconds: output.durationSeconds, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'PROCESSING')
        .returningAll()
        .executeTakeFirst();
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
