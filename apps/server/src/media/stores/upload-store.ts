import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import type { Part } from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import type { DataStore, Upload } from '@tus/server';
import type { StorageConfig } from '../../config';
import type { ObjectStore } from './object-store';

/**
 * Parts of a resumable upload sent to the bucket: S3's minimum part (the last may be shorter). The
 * browser's pieces (LOOP_UPLOAD_CHUNK_BYTES) are a whole number of parts, so no piece leaves an
 * incomplete part for the next PATCH to read back and write again (8 MiB parts under 5 MiB pieces
 * measured 16 MiB/s against a bare PUT's 149), and the parts of one piece go to the bucket while the
 * rest of it still arrives (bench:store; docs/decisions/055).
 */
export const UPLOAD_PART_BYTES = 5 * 1024 * 1024;

/** How long what a PATCH's getUpload found is trusted by the write that follows it under the same lock. */
const SEEN_FOR_MS = 30_000;

type Seen = { at: number; phase: 'reading' | 'read' | 'writing'; offset?: number; parts?: Part[]; incompleteBytes?: number };

/**
 * @tus/s3-store as the studio runs it, minus two of the gateway requests of every PATCH. The tus server
 * handles a PATCH under the upload's lock (held across instances, upload-locker.ts) as getUpload, then
 * write; both list the upload's parts and both look for an incomplete part (write downloads it). Under
 * that lock nothing else can change them in between, so write takes what getUpload found: one ListParts
 * and one HEAD per piece instead of two ListParts, a HEAD and a GET. Only when it writes at the offset
 * getUpload found (any write in between, here or on another instance, moves it) and within SEEN_FOR_MS;
 * otherwise it asks the bucket as the store always did. The list after the last piece, which completes
 * the upload, is always asked afresh.
 */
export class PieceS3Store extends S3Store {
  private seen = new Map<string, Seen>();

  override async getUpload(id: string): Promise<Upload> {
    const now = Date.now();
    for (const [key, entry] of this.seen) if (now - entry.at > SEEN_FOR_MS) this.seen.delete(key);
    this.seen.set(id, { at: now, phase: 'reading' });
    try {
      const upload = await super.getUpload(id);
      const entry = this.seen.get(id);
      // Both lookups answered (an upload found complete skips the second: nothing to take then).
      if (entry?.phase === 'reading' && entry.parts && 'incompleteBytes' in entry) Object.assign(entry, { phase: 'read', offset: upload.offset });
      else this.seen.delete(id);
      return upload;
    } catch (error) {
      this.seen.delete(id);
      throw error;
    }
  }

  override async write(src: Parameters<S3Store['write']>[0], id: string, offset: number): Promise<number> {
    const entry = this.seen.get(id);
    if (entry?.phase === 'read' && entry.offset === offset && Date.now() - entry.at <= SEEN_FOR_MS) entry.phase = 'writing';
    else this.seen.delete(id);
    try {
      return await super.write(src, id, offset);
    } finally {
      this.seen.delete(id);
    }
  }

  protected override async retrieveParts(id: string, partNumberMarker?: string): Promise<Part[]> {
    const entry = partNumberMarker === undefined ? this.seen.get(id) : undefined;
    if (entry?.phase === 'writing' && entry.parts) {
      const parts = entry.parts;
      // Taken once: the list write asks for after the last piece must be the bucket's own.
      delete entry.parts;
      return parts;
    }
    const parts = await super.retrieveParts(id, partNumberMarker);
    if (entry?.phase === 'reading') entry.parts = parts;
    return parts;
  }

  protected override async getIncompletePartSize(id: string): Promise<number | undefined> {
    const size = await super.getIncompletePartSize(id);
    const entry = this.seen.get(id);
    if (entry?.phase === 'reading') entry.incompleteBytes = size;
    return size;
  }

  protected override async downloadIncompletePart(id: string): ReturnType<S3Store['downloadIncompletePart']> {
    const entry = this.seen.get(id);
    // getUpload's HEAD found none: no GET to be told so again.
    if (entry?.phase === 'writing' && 'incompleteBytes' in entry && entry.incompleteBytes === undefined) return undefined;
    return super.downloadIncompletePart(id);
  }
}

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

  const datastore = new PieceS3Store({
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
