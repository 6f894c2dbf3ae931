import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { Jobs } from '../../jobs/jobs';
import type { ObjectStore } from '../../media/stores/object-store';

/** A deleted replay's recording (`$DATA_DIR/live/<liveId>/`, and `live/<liveId>/` in a bucket), removed after the delete commits. */
export const RECORDING_REMOVE_QUEUE = 'live.recording-remove';

export const RecordingRemoveJob = z.object({ liveId: z.number().int().positive() });
export type RecordingRemoveJob = z.infer<typeof RecordingRemoveJob>;

/**
 * Queued in the transaction of the change that leaves the recording without an owner, so the files go
 * if and only if it committed; one job per live (a repeated delete changes nothing and queues nothing).
 */
export async function queueRecordingRemoval(jobs: Pick<Jobs, 'send'>, tx: Transaction<Database>, liveId: number): Promise<void> {
  const data: RecordingRemoveJob = { liveId };
  await jobs.send(RECORDING_REMOVE_QUEUE, data, { tx, singletonKey: `recording-${liveId}` });
}

/**
 * Where a live's recording is kept, read and removed: its playlists and segments on the ingest's disk
 * (`<hlsDir>/<liveId>/`), and with STORAGE=s3 in the bucket too (`live/<liveId>/<file>`), which is
 * then what players get (runtime.readHls). A trim reads and writes the copy players get; removing a
 * recording removes both, each once (decision 046).
 */
export type RecordingStore = {
  /** A file of the recording as players get it, or null when there is none. */
  read(liveId: number, file: string): Promise<Buffer | null>;
  /** Writes a whole file (a trimmed playlist) where players get it; a reader never sees half of it. */
  write(liveId: number, file: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes these files of the recording; one already gone is not an error. */
  remove(liveId: number, files: string[]): Promise<void>;
  /** Removes the whole recording: the folder on this disk and, in a bucket, every object under `live/<liveId>/`. */
  removeAll(liveId: number): Promise<void>;
};

const recordingKey = (liveId: number, file: string) => `live/${liveId}/${file}`;

export function recordingStore(options: { hlsDir: string; bucket: ObjectStore | null }): RecordingStore {
  const { hlsDir, bucket } = options;
  const local = (liveId: number, file: string) => path.join(hlsDir, String(liveId), path.basename(file));

  return {
    async read(liveId, file) {
      if (!bucket) return readFile(local(liveId, file)).catch(() => null);
      const found = await bucket.get(recordingKey(liveId, file));
      if (!found) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of found.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },

    async write(liveId, file, body, contentType) {
      if (bucket) return bucket.put(recordingKey(liveId, file), body, { contentType });
      // Written beside and renamed over: whole or not at all, like the store's own writes.
      const target = local(liveId, file);
      const temporary = `${target}.${process.pid}.tmp`;
      await writeFile(temporary, body);
      await rename(temporary, target);
    },

    async remove(liveId, files) {
      for (const file of files) {
        await rm(local(liveId, file), { force: true });
        if (bucket) await bucket.delete(recordingKey(liveId, file));
      }
    },

    async removeAll(liveId) {
      await rm(path.join(hlsDir, String(liveId)), { recursive: true, force: true });
      if (!bucket) return;
      for (const object of await bucket.list(`live/${liveId}/`)) await bucket.delete(object.key);
    },
  };
}
