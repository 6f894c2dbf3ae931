import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { S3 } from '@aws-sdk/client-s3';
import { Upload } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageConfig } from '../../src/config';
import { createBucketIfMissing, s3Client, s3Store } from '../../src/media/stores/s3-store';
import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { UPLOAD_PART_BYTES, uploadStore, withPiece, type UploadStore } from '../../src/media/stores/upload-store';

/**
 * The bucket's side of a resumable upload (media/stores/upload-store.ts) against a real S3 endpoint
 * (Ceph's RADOS Gateway on a memstore OSD): each piece costs the gateway one ListParts, one HEAD and
 * its UploadPart (not two ListParts, a HEAD and a GET), and the object that results is the bytes sent,
 * whether the pieces are whole parts or not.
 */

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/ensure-object-store.mjs');
const BUCKET = 'studio-upload-store';

let cephFolder: string;
let scratch: string;
let store: UploadStore;
let storage: Extract<StorageConfig, { kind: 's3' }>;
/** Gateway requests by command name, as the tus store's own client sends them. */
const sent: string[] = [];

beforeAll(async () => {
  cephFolder = await mkdtemp(path.join(tmpdir(), 'studio-ceph-'));
  scratch = await mkdtemp(path.join(tmpdir(), 'studio-upload-store-'));
  const { stdout } = await run(process.execPath, [SCRIPT, '--start', cephFolder, '--owner', String(process.pid)], { timeout: 90_000 });
  const endpoint = JSON.parse(stdout) as { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };
  const options = { ...endpoint, bucket: BUCKET, forcePathStyle: true };
  await createBucketIfMissing(s3Client(options), BUCKET);
  storage = { kind: 's3', ...options };
  store = uploadStore(storage, { uploadsDir: scratch, scratchDir: scratch, objects: s3Store(options) });
  const { client } = store.datastore as unknown as { client: S3 };
  client.middlewareStack.add((next, context) => (args) => (sent.push(context.commandName ?? '?'), next(args)), { step: 'initialize', name: 'countForTest' });
}, 120_000);

afterAll(async () => {
  if (cephFolder) await run(process.execPath, [SCRIPT, '--stop', cephFolder], { timeout: 30_000 });
  await rm(cephFolder, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

/** A PATCH as the tus server makes it: where the upload stands, then the piece written from there. */
async function patch(id: string, piece: Buffer): Promise<{ offset: number; requests: string[] }> {
  sent.length = 0;
  const upload = await store.datastore.getUpload(id);
  const offset = await store.datastore.write(Readable.from([piece]), id, upload.offset);
  return { offset, requests: [...sent] };
}

async function uploaded(bytes: Buffer, pieceSizes: number[]): Promise<{ id: string; requests: string[][] }> {
  const id = randomUUID();
  await store.datastore.create(new Upload({ id, size: bytes.length, offset: 0 }));
  const requests: string[][] = [];
  let at = 0;
  for (const size of pieceSizes) {
    const result = await patch(id, bytes.subarray(at, at + size));
    at += size;
    expect(result.offset).toBe(at);
    requests.push(result.requests);
  }
  expect(at).toBe(bytes.length);
  return { id, requests };
}

async function stored(id: string): Promise<Buffer> {
  const local = await store.local(id);
  if (!local) throw new Error('no object');
  try {
    return await readFile(local.file);
  } finally {
    await local.release();
  }
}

describe('resumable uploads into the bucket', () => {
  it('sends each whole-part piece with one ListParts, one HEAD and its UploadPart, and stores the bytes sent', async () => {
    const bytes = randomBytes(UPLOAD_PART_BYTES * 2 + 1234);
    const { id, requests } = await uploaded(bytes, [UPLOAD_PART_BYTES, UPLOAD_PART_BYTES, 1234]);
    // The first piece this instance sees also reads the upload's info object (kept in memory after).
    expect(requests[0]?.sort()).toEqual(['GetObjectCommand', 'HeadObjectCommand', 'ListPartsCommand', 'UploadPartCommand']);
    expect(requests[1]?.sort()).toEqual(['HeadObjectCommand', 'ListPartsCommand', 'UploadPartCommand']);
    // The last piece completes the upload: the list it completes with is asked afresh.
    expect(requests[2]?.filter((name) => name === 'ListPartsCommand')).toHaveLength(2);
    expect(requests[2]).toContain('CompleteMultipartUploadCommand');
    expect((await stored(id)).equals(bytes)).toBe(true);
  });

  it('still reads back a piece shorter than a part, and a later getUpload sees the bucket as it is', async () => {
    const bytes = randomBytes(UPLOAD_PART_BYTES + 300_000);
    // 1 MiB (an incomplete part kept aside), then the rest: the second piece must prepend the first.
    const { id, requests } = await uploaded(bytes, [1024 * 1024, bytes.length - 1024 * 1024]);
    expect(requests[0]).toContain('PutObjectCommand');
    expect(requests[1]).toContain('GetObjectCommand');
    expect((await stored(id)).equals(bytes)).toBe(true);
    expect((await store.datastore.getUpload(id)).offset).toBe(bytes.length);
  });

  it('takes nothing from an earlier look when the upload moved since (another instance wrote in between)', async () => {
    const bytes = randomBytes(UPLOAD_PART_BYTES * 2 + 10);
    const id = randomUUID();
    await store.datastore.create(new Upload({ id, size: bytes.length, offset: 0 }));
    // This instance looks (a HEAD), another writes the first piece, then this one writes the second
    // without looking again: what it saw (no parts) must not be taken, or part 1 would be overwritten.
    expect((await store.datastore.getUpload(id)).offset).toBe(0);
    const other = uploadStore(storage, { uploadsDir: scratch, scratchDir: scratch, objects: s3Store(storage) });
    expect(await other.datastore.write(Readable.from([bytes.subarray(0, UPLOAD_PART_BYTES)]), id, 0)).toBe(UPLOAD_PART_BYTES);
    const offset = await store.datastore.write(Readable.from([bytes.subarray(UPLOAD_PART_BYTES)]), id, UPLOAD_PART_BYTES);
    expect(offset).toBe(bytes.length);
    expect((await stored(id)).equals(bytes)).toBe(true);
  });
});

describe('an upload whose every part arrived but whose multipart upload was never completed', () => {
  it('is not whole, and finishParts completes it into the bytes sent, once; a partial upload is left alone', async () => {
    const bytes = randomBytes(UPLOAD_PART_BYTES * 2 + 999);
    const id = randomUUID();
    await store.datastore.create(new Upload({ id, size: bytes.length, offset: 0 }));
    // The instance writing the last part dies before CompleteMultipartUpload: the completion fails here.
    const datastore = store.datastore as unknown as { finishMultipartUpload: (...args: unknown[]) => Promise<unknown> };
    const complete = datastore.finishMultipartUpload;
    datastore.finishMultipartUpload = () => Promise.reject(new Error('the instance died'));
    try {
      await expect(withPiece(bytes.length, () => store.datastore.write(Readable.from([bytes]), id, 0))).rejects.toThrow('the instance died');
    } finally {
      datastore.finishMultipartUpload = complete;
    }
    // The tus store counts every byte; the bucket holds no object.
    expect((await store.datastore.getUpload(id)).offset).toBe(bytes.length);
    expect(await store.whole(id, bytes.length)).toBe(false);

    expect(await store.finishParts(id)).toBe(true);
    expect(await store.whole(id, bytes.length)).toBe(true);
    expect((await stored(id)).equals(bytes)).toBe(true);
    // Done once: a second finisher finds nothing to complete, and the upload stays whole.
    expect(await store.finishParts(id)).toBe(false);
    expect((await stored(id)).equals(bytes)).toBe(true);

    // An upload missing its last part is not completed.
    const partial = randomUUID();
    await store.datastore.create(new Upload({ id: partial, size: bytes.length, offset: 0 }));
    await withPiece(UPLOAD_PART_BYTES, () => store.datastore.write(Readable.from([bytes.subarray(0, UPLOAD_PART_BYTES)]), partial, 0));
    expect(await store.finishParts(partial)).toBe(false);
    expect(await store.whole(partial, bytes.length)).toBe(false);
    await store.remove(partial);
  });
});

/** A source that sends `bytes` then ends early (a client that went away: tus ends the body it reads), or fails. */
function cutSource(bytes: Buffer, how: 'end' | 'error'): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        // In slices, as a socket delivers them.
        for (let at = 0; at < bytes.length; at += 64 * 1024) this.push(bytes.subarray(at, at + 64 * 1024));
        return;
      }
      setTimeout(() => (how === 'end' ? this.push(null) : this.destroy(new Error('client went away'))), 20);
    },
  });
}

describe('pieces streamed into their parts (the PATCH announces its length)', () => {
  it('stores a whole upload sent as announced pieces, the last one shorter than a part', async () => {
    const bytes = randomBytes(UPLOAD_PART_BYTES * 2 + 777);
    const id = randomUUID();
    await store.datastore.create(new Upload({ id, size: bytes.length, offset: 0 }));
    let at = 0;
    for (const size of [UPLOAD_PART_BYTES * 2, 777]) {
      const piece = bytes.subarray(at, at + size);
      const upload = await store.datastore.getUpload(id);
      at = await withPiece(piece.length, () => store.datastore.write(Readable.from([piece]), id, upload.offset));
    }
    expect(at).toBe(bytes.length);
    expect((await stored(id)).equals(bytes)).toBe(true);
  });

  for (const how of ['end', 'error'] as const) {
    it(`keeps the whole parts of a piece cut off in the middle (${how === 'end' ? 'ended early' : 'failed'}), and the next PATCH resumes from the last one`, async () => {
      const bytes = randomBytes(UPLOAD_PART_BYTES * 3 + 4321);
      const id = randomUUID();
      await store.datastore.create(new Upload({ id, size: bytes.length, offset: 0 }));
      // A piece of three parts cut 1.5 parts in: one whole part stays, the half part is aborted.
      const piece = bytes.subarray(0, UPLOAD_PART_BYTES * 3);
      const cut = withPiece(piece.length, () => store.datastore.write(cutSource(piece.subarray(0, UPLOAD_PART_BYTES * 1.5), how), id, 0));
      if (how === 'end') expect(await cut).toBe(UPLOAD_PART_BYTES);
      else await expect(cut).rejects.toThrow('client went away');
      // Another instance takes the next piece from where the upload stands.
      const other = uploadStore(storage, { uploadsDir: scratch, scratchDir: scratch, objects: s3Store(storage) });
      const upload = await other.datastore.getUpload(id);
      expect(upload.offset).toBe(UPLOAD_PART_BYTES);
      const rest = bytes.subarray(upload.offset);
      expect(await withPiece(rest.length, () => other.datastore.write(Readable.from([rest]), id, upload.offset))).toBe(bytes.length);
      expect((await stored(id)).equals(bytes)).toBe(true);
    });
  }

  it('leaves no object and no multipart upload when an upload is terminated in the middle of a piece', async () => {
    const bytes = randomBytes(UPLOAD_PART_BYTES * 3);
    const id = randomUUID();
    await store.datastore.create(new Upload({ id, size: bytes.length, offset: 0 }));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const source = new Readable({
      read() {
        if (first) this.push(bytes.subarray(0, UPLOAD_PART_BYTES * 1.5));
        else void held.then(() => this.push(null));
        first = false;
      },
    });
    const writing = withPiece(bytes.length, () => store.datastore.write(source, id, 0));
    await new Promise((resolve) => setTimeout(resolve, 300));
    // DELETE (tus termination) while the piece is still arriving, then the piece's request goes.
    await store.remove(id);
    release();
    await writing.catch(() => undefined);
    const client = s3Client(storage);
    const objects = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: id }));
    expect(objects.Contents ?? []).toEqual([]);
    const multipart = await client.send(new ListMultipartUploadsCommand({ Bucket: BUCKET, Prefix: id }));
    expect(multipart.Uploads ?? []).toEqual([]);
    await expect(store.datastore.getUpload(id)).rejects.toMatchObject({ status_code: 404 });
  });

  it('fails the PATCH, without hanging, when the gateway refuses a part while the piece still arrives', async () => {
    const bytes = randomBytes(UPLOAD_PART_BYTES * 4);
    const id = randomUUID();
    await store.datastore.create(new Upload({ id, size: bytes.length, offset: 0 }));
    let at = 0;
    // The piece arrives at ~20 MiB/s, so the multipart upload is gone while a part is being streamed.
    const source = new Readable({
      read() {
        if (at >= bytes.length) return void this.push(null);
        const slice = bytes.subarray(at, at + 256 * 1024);
        at += slice.length;
        setTimeout(() => this.push(slice), 12);
      },
    });
    const writing = withPiece(bytes.length, () => store.datastore.write(source, id, 0));
    await new Promise((resolve) => setTimeout(resolve, 400));
    await store.remove(id);
    await expect(writing).rejects.toBeDefined();
  }, 20_000);
});
