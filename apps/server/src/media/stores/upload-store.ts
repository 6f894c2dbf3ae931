import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import type { Part } from '@aws-sdk/client-s3';
import { S3Store } from '@tus/s3-store';
import { ERRORS, Upload, type DataStore } from '@tus/server';
import type { StorageConfig } from '../../config';
import type { ObjectStore } from './object-store';
import { serveToTools } from './tool-reader';

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

/** What the route knows of the PATCH being handled: the bytes its Content-Length announces. */
export type PieceContext = { announcedBytes?: number };
const pieces = new AsyncLocalStorage<PieceContext>();

/** Runs a tus request with what its headers tell the store (route: loops/routes.ts). */
export function withPiece<T>(announcedBytes: number | undefined, fn: () => Promise<T>): Promise<T> {
  return pieces.run({ announcedBytes: Number.isSafeInteger(announcedBytes) && announcedBytes! >= 0 ? announcedBytes : undefined }, fn);
}

/** Parts of one PATCH sent to the bucket at once (each at most UPLOAD_PART_BYTES in memory when not streamed). */
export const PARTS_IN_FLIGHT = 4;

const MISSING_UPLOAD = new Set(['NoSuchKey', 'NoSuchUpload']);
const isMissingUpload = (error: unknown) =>
  typeof error === 'object' && error !== null && (MISSING_UPLOAD.has((error as { name?: string }).name ?? '') || MISSING_UPLOAD.has((error as { Code?: string }).Code ?? ''));

type Look = { at: number; offset: number; parts: Part[]; incompleteBytes: number | undefined };
type Metadata = Awaited<ReturnType<S3Store['getMetadata']>>;

/**
 * @tus/s3-store as the studio runs it (docs/decisions/055 and 061). The tus server handles a PATCH
 * under the upload's lock (held across instances, upload-locker.ts) as getUpload, then write.
 * - getUpload asks the bucket for the parts (ListParts) and for an incomplete part (HEAD) at once, and
 *   write takes what it found when it writes at that offset within SEEN_FOR_MS (any write in between,
 *   here or on another instance, moves the offset, so a stale look is never used).
 * - write sends the piece's bytes to the bucket as they arrive: with the PATCH's Content-Length
 *   (withPiece) each part streams into its UploadPart (UNSIGNED-PAYLOAD) while the client still sends
 *   it; without it, parts are collected in memory (no staging on disk), at most PARTS_IN_FLIGHT at once.
 * - A piece cut off (the client went away, or the lock was handed over) keeps only its whole parts:
 *   the offset stays at the last whole part and the next PATCH resumes there; the part being streamed
 *   is aborted, so nothing half-written is left.
 */
export class PieceS3Store extends S3Store {
  private seen = new Map<string, Look>();

  constructor(options: ConstructorParameters<typeof S3Store>[0]) {
    super(options);
    // A streamed body cannot be hashed, and hashing a buffered 5 MiB part costs the CPU as much as sending it.
    this.client.middlewareStack.add(
      (next, context) => (args) => {
        const request = args.request as { headers?: Record<string, string> };
        if ((context.commandName === 'UploadPartCommand' || context.commandName === 'PutObjectCommand') && request.headers) request.headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
        return next(args);
      },
      { step: 'build', name: 'unsignedPayload' },
    );
  }

  override async getUpload(id: string): Promise<Upload> {
    const now = Date.now();
    for (const [key, entry] of this.seen) if (now - entry.at > SEEN_FOR_MS) this.seen.delete(key);
    this.seen.delete(id);
    let metadata: Metadata;
    try {
      metadata = await this.getMetadata(id);
    } catch {
      // tus answers its own errors (status_code and body), as S3Store does here.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      throw ERRORS.FILE_NOT_FOUND;
    }
    const [listed, incomplete] = await Promise.allSettled([this.retrieveParts(id), this.getIncompletePartSize(id)]);
    if (listed.status === 'rejected') {
      // The multipart upload is gone while its info is there: completed.
      if (isMissingUpload(listed.reason)) return new Upload({ ...metadata.file, offset: metadata.file.size ?? 0, size: metadata.file.size });
      throw listed.reason;
    }
    if (incomplete.status === 'rejected') throw incomplete.reason;
    const offset = listed.value.reduce((sum, part) => sum + (part.Size ?? 0), 0) + (incomplete.value ?? 0);
    this.seen.set(id, { at: now, offset, parts: listed.value, incompleteBytes: incomplete.value });
    return new Upload({ ...metadata.file, offset, size: metadata.file.size });
  }

  override async write(src: Readable, id: string, offset: number): Promise<number> {
    const entry = this.seen.get(id);
    this.seen.delete(id);
    const look = entry && entry.offset === offset && Date.now() - entry.at <= SEEN_FOR_MS ? entry : undefined;
    const metadata = await this.getMetadata(id);
    const [parts, incompleteBytes] = look ? [look.parts, look.incompleteBytes] : await Promise.all([this.retrieveParts(id), this.getIncompletePartSize(id)]);
    const firstPart = (parts.at(-1)?.PartNumber ?? 0) + 1;
    // An incomplete part left by a piece shorter than a part goes first; it is let go before the parts
    // are sent, so a failure can only move the offset back (the client sends those bytes again), never on.
    let prefix: Buffer | undefined;
    if (incompleteBytes) {
      const body = await this.getIncompletePart(id);
      if (body) {
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        prefix = Buffer.concat(chunks);
      }
      if (prefix) await this.deleteIncompletePart(id);
    }
    const start = offset - (prefix?.length ?? 0);
    const announced = pieces.getStore()?.announcedBytes;
    const stored = await this.sendParts(metadata, src, { prefix, firstPart, start, expected: announced === undefined ? undefined : (prefix?.length ?? 0) + announced });
    const newOffset = start + stored;
    if (metadata.file.size === newOffset) {
      await this.finishMultipartUpload(metadata, await this.retrieveParts(id));
      await this.completeMetadata(metadata.file);
      await this.clearCache(id);
    }
    return newOffset;
  }

  /**
   * Completes an upload whose every byte is in its parts but whose multipart upload was never completed
   * (the instance writing the last part died before CompleteMultipartUpload), as the last piece's write
   * would have. Answers whether it did: false when the parts are not all there, a part is still
   * incomplete, or the multipart upload is gone (completed already, or aborted).
   */
  async finishParts(id: string): Promise<boolean> {
    const metadata = await this.getMetadata(id).catch(() => undefined);
    const size = metadata?.file.size;
    if (!metadata || size === undefined) return false;
    let parts: Part[];
    try {
      parts = await this.retrieveParts(id);
    } catch (error) {
      if (isMissingUpload(error)) return false;
      throw error;
    }
    if ((await this.getIncompletePartSize(id)) !== undefined) return false;
    if (parts.length === 0 || parts.reduce((sum, part) => sum + (part.Size ?? 0), 0) !== size) return false;
    await this.finishMultipartUpload(metadata, parts);
    await this.completeMetadata(metadata.file);
    await this.clearCache(id);
    return true;
  }

  /**
   * Sends `prefix` then `src` as parts from `firstPart` on; answers the bytes stored (whole parts, the
   * upload's last part, and a remainder kept as the incomplete part when the piece ended whole).
   */
  private async sendParts(
    metadata: Metadata,
    src: Readable,
    piece: { prefix: Buffer | undefined; firstPart: number; start: number; expected: number | undefined },
  ): Promise<number> {
    const size = metadata.file.size;
    const partSize = this.calcOptimalPartSize(size);
    const abort = new AbortController();
    const inFlight = new Set<Promise<void>>();
    const sent: { partNumber: number; bytes: number; done: boolean }[] = [];
    let failure: Error | undefined;
    /** The source ended short of its announced length or failed: whole parts stay, the rest goes. */
    let cut = false;
    let sourceError: Error | undefined;
    let partNumber = piece.firstPart;
    let received = 0;
    const lengthOf = (from: number) => {
      // The bytes of the part starting `from` bytes into the piece, when they are known.
      const upTo = size === undefined ? Number.POSITIVE_INFINITY : size - piece.start - from;
      return Math.min(partSize, upTo);
    };

    let streaming: AbortController | undefined;
    const launch = (body: Buffer | PassThrough, bytes: number) => {
      const record = { partNumber, bytes, done: false };
      sent.push(record);
      // Its own abort: a cut piece aborts the part being streamed, not the whole ones awaiting their answer.
      const own = new AbortController();
      streaming = own;
      const onAbort = () => own.abort();
      abort.signal.addEventListener('abort', onAbort, { once: true });
      const sending = this.client
        .uploadPart({ Bucket: this.bucket, Key: metadata.file.id, UploadId: metadata['upload-id'], PartNumber: partNumber, Body: body, ContentLength: bytes }, { abortSignal: own.signal })
        .then(() => {
          record.done = true;
        })
        .catch((error: unknown) => {
          // A part aborted because the piece was cut is not a failure of the gateway.
          if (cut) return;
          // The gateway refused a part: the others of this piece go too.
          failure ??= error as Error;
          abort.abort();
        })
        .finally(() => {
          abort.signal.removeEventListener('abort', onAbort);
          inFlight.delete(sending);
        });
      inFlight.add(sending);
      partNumber++;
    };
    const room = async () => {
      while (inFlight.size >= PARTS_IN_FLIGHT && failure === undefined) await Promise.race(inFlight);
    };

    let remainder: Buffer[] = [];
    let remainderBytes = 0;
    try {
      if (piece.expected !== undefined) {
        // Streamed: each part's length is known from the piece's, so its UploadPart starts with its first byte.
        const expected = piece.expected;
        let body: PassThrough | undefined;
        let bodyLeft = 0;
        let partStart = 0;
        const feed = async (chunk: Buffer) => {
          let at = 0;
          while (at < chunk.length && failure === undefined) {
            if (!body) {
              const bytes = lengthOf(partStart);
              const whole = bytes === partSize || piece.start + partStart + bytes === size;
              if (!whole || partStart + bytes > expected) {
                // The piece ends inside this part without finishing the upload: kept as the incomplete part.
                remainder.push(chunk.subarray(at));
                remainderBytes += chunk.length - at;
                return;
              }
              await room();
              if (failure !== undefined) return;
              body = new PassThrough();
              bodyLeft = bytes;
              launch(body, bytes);
            }
            const slice = chunk.subarray(at, at + bodyLeft);
            at += slice.length;
            bodyLeft -= slice.length;
            const more = body.write(slice);
            if (bodyLeft === 0) {
              body.end();
              partStart += partSize;
              body = undefined;
            } else if (!more) {
              // Not past an abort: a part the gateway stopped reading never drains.
              await once(body, 'drain', { signal: streaming?.signal }).catch(() => undefined);
            }
          }
        };
        try {
          if (piece.prefix) await feed(piece.prefix);
          for await (const chunk of src) {
            received += (chunk as Buffer).length;
            await feed(chunk as Buffer);
            if (failure !== undefined) break;
          }
        } catch (error) {
          sourceError = error as Error;
        }
        const total = (piece.prefix?.length ?? 0) + received;
        if (failure === undefined && (sourceError !== undefined || total < expected)) {
          // Cut off: the part being streamed is aborted, the whole ones before it stay.
          cut = true;
          if (body) streaming?.abort();
          remainder = [];
          remainderBytes = 0;
        }
      } else {
        // Collected: a part is sent once it is whole, at most PARTS_IN_FLIGHT at once.
        const take = async (chunk: Buffer) => {
          remainder.push(chunk);
          remainderBytes += chunk.length;
          while (remainderBytes >= partSize && failure === undefined) {
            const all = Buffer.concat(remainder);
            remainder = [all.subarray(partSize)];
            remainderBytes = all.length - partSize;
            await room();
            if (failure === undefined) launch(all.subarray(0, partSize), partSize);
          }
        };
        try {
          if (piece.prefix) await take(piece.prefix);
          for await (const chunk of src) {
            await take(chunk as Buffer);
            if (failure !== undefined) break;
          }
        } catch (error) {
          // The stream failed: what is not a whole part is let go.
          sourceError = error as Error;
          cut = true;
          remainder = [];
          remainderBytes = 0;
        }
        if (!cut && remainderBytes > 0 && size !== undefined && piece.start + sent.length * partSize + remainderBytes === size && failure === undefined) {
          await room();
          if (failure === undefined) launch(Buffer.concat(remainder), remainderBytes);
          remainder = [];
          remainderBytes = 0;
        }
      }
    } finally {
      while (inFlight.size > 0) await Promise.race(inFlight);
    }

    // The bytes stored: the parts sent whole, in order, up to the first that did not make it.
    let stored = 0;
    for (const record of sent) {
      if (!record.done) break;
      stored += record.bytes;
    }
    const allSent = sent.every((record) => record.done);
    if (!cut && failure === undefined && allSent && remainderBytes > 0) {
      if (piece.start + stored + remainderBytes === size) {
        // The upload's last bytes (the streamed path keeps them here when they do not fill a part).
        await this.client.uploadPart({ Bucket: this.bucket, Key: metadata.file.id, UploadId: metadata['upload-id'], PartNumber: partNumber, Body: Buffer.concat(remainder), ContentLength: remainderBytes });
      } else {
        await this.client.putObject({ Bucket: this.bucket, Key: this.partKey(metadata.file.id, true), Body: Buffer.concat(remainder), ContentLength: remainderBytes });
      }
      stored += remainderBytes;
    }
    if (failure !== undefined) throw failure;
    if (sourceError !== undefined) throw sourceError;
    return stored;
  }
}

/** A local copy of an upload's source for ffprobe and ffmpeg, and the way to let it go. */
export type LocalSource = { file: string; release(): Promise<void> };
/** Where ffprobe reads an upload from without a copy (a local file, or the bucket's object offered on loopback). */
export type ProbeSource = { input: string; release(): Promise<void> };

/**
 * Where resumable (tus) uploads are kept, by STORAGE: on disk, `<uploadsDir>/<id>` with `<id>.json`
 * (@tus/file-store), as always; in the bucket, `<id>` with `<id>.info` (and `<id>.part` for a last
 * piece under 5 MiB) written by @tus/s3-store as S3 multipart uploads, so that the next piece of an
 * upload can land on any instance. The transcode needs a file: `local` answers the disk file itself, or a
 * copy downloaded from the bucket into `scratchDir` (on the worker); the probe at the last piece reads
 * the object where it is (`probeSource`), so a `web` instance writes none of it to its disk.
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
      async probeSource(id: string): Promise<ProbeSource | null> {
        const found = await stat(fileOf(id)).catch(() => null);
        return found?.isFile() ? { input: fileOf(id), release: async () => undefined } : null;
      },
      /** Whether the upload's file holds exactly `size` bytes (the disk store's offset is its file's size). */
      async whole(id: string, size: number): Promise<boolean> {
        const found = await stat(fileOf(id)).catch(() => null);
        return found?.isFile() === true && found.size === size;
      },
      /** A file on disk has no parts to complete: whole or not, as it is. */
      async finishParts(): Promise<boolean> {
        return false;
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
    /** The object itself, offered to the tools on loopback for the time of the probe: nothing of it is written here. */
    async probeSource(id: string): Promise<ProbeSource | null> {
      if (!(await options.objects.head(id))) return null;
      const offered = await serveToTools(options.objects, id);
      return { input: offered.url, release: () => offered.close() };
    },
    /**
     * Whether the upload is one object of exactly `size` bytes: its multipart upload was completed. Every
     * part uploaded but never completed (an instance died in between), or aborted (a lifecycle rule),
     * counts as not whole, whatever the tus store's offset says.
     */
    async whole(id: string, size: number): Promise<boolean> {
      return (await options.objects.head(id))?.size === size;
    },
    /** Every part in the bucket but the multipart upload never completed: completes it (PieceS3Store.finishParts). */
    finishParts: (id: string) => datastore.finishParts(id),
    /** An unfinished upload's multipart upload is aborted (its parts would stay billed), then its objects go. */
    async remove(id: string): Promise<void> {
      await datastore.remove(id).catch(() => undefined);
      for (const key of [id, `${id}.info`, `${id}.part`]) await options.objects.delete(key);
    },
  };
}

export type UploadStore = ReturnType<typeof uploadStore>;
