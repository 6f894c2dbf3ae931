import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { LOOP_UPLOAD_CHUNK_BYTES } from '@studio/contract/loop';
import type { DataStore } from '@tus/server';
import type { StorageConfig } from '../../config';
import type { ObjectStore } from './object-store';

/**
 * Parts of a resumable upload sent to the bucket: the studio's own piece size (5 MiB, S3's minimum part;
 * the last may be shorter), so each PATCH the browser sends is one whole part. A larger part leaves
 * every piece as an incomplete part that the next PATCH reads back and writes again: 8 MiB parts under
 * 5 MiB pieces measured 16 MiB/s against a bare PUT's 149 (bench:store).
 */
const UPLOAD_PART_BYTES = LOOP_UPLOAD_CHUNK_BYTES;

/** A local copy of an upload's source for ffprobe and ffmpeg, and the way to let it go. */
export type LocalSource = { file: string; release(): Promise<void> };

/**
 * Where resumable (tus) uploads are kept, by STORAGE: on disk, `<uploadsDir>/<id>` with `<id>.json`
 * (@tus/file-store), as always; in the bucket, `<id>` with `<id>.info` (and `<id>.part` for a last
 * piece under 5 MiB) written by @tus/s3-store as S3 multipart uploads, so that the next piece of an
 * upload can land on any instance. The tools need a file: `local` answers the disk file itself, or a
 * copy downloaded from the bucket into `scratchDir`.
 */
export function uploadStore(storage: StorageConfig, options: { uploadsDir: string; scratchDir: string; objects: ObjectStore }) {
  if (storage.kind === 'disk') {
    const fileOf = (id: string) => path.join(options.uploadsDir, id);
    return {
      datastore: new FileStore({ directory: options.uploadsDir }) as DataStore,
      async local(id: string): Promise<LocalSource | null> {
        const found = await stat(fileOf(id)).catch(() => null);
        return found?.isFile() ? { file: fileOf(id), release: async () => undefined } : null;
      },
      async remove(id: string): Promise<void> {
        await rm(fileOf(id), { force: true });
        await rm(`${fileOf(id)}.json`, { force: true });
      },
    };
  }

  const datastore = new S3Store({
    partSize: UPLOAD_PART_BYTES,
    s3ClientConfig: {
      bucket: storage.bucket,
      region: storage.region,
      endpoint: storage.endpoint,
      forcePathStyle: storage.forcePathStyle,
      credentials: { accessKeyId: storage.accessKeyId, secretAccessKey: storage.secretAccessKey },
      // As the object store's own client (s3-store.ts): RGW 16.2 answers 411 to the SDK's default checksum trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  });
  return {
    datastore: datastore as DataStore,
    async local(id: string): Promise<LocalSource | null> {
      const object = await options.objects.get(id);
      if (!object) return null;
      await mkdir(options.scratchDir, { recursive: true });
      // A name of its own: the last piece's probe and a transcode may read the same upload at once.
      const file = path.join(options.scratchDir, `${id}.${randomUUID()}.source`);
      const release = () => rm(file, { force: true });
      try {
        await pipeline(object.stream, createWriteStream(file));
      } catch (error) {
        await release();
        throw error;
      }
      return { file, release };
    },
    /** An unfinished upload's multipart upload is aborted (its parts would stay billed), then its objects go. */
    async remove(id: string): Promise<void> {
      await datastore.remove(id).catch(() => undefined);
      for (const key of [id, `${id}.info`, `${id}.part`]) await options.objects.delete(key);
    },
  };
}

export type UploadStore = ReturnType<typeof uploadStore>;
