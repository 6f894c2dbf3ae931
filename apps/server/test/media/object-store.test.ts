import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diskStore } from '../../src/media/stores/disk-store';
import { InvalidKeyError, RangeNotSatisfiableError, type ObjectStore } from '../../src/media/stores/object-store';
import { createBucketIfMissing, s3Client, s3Store } from '../../src/media/stores/s3-store';

/**
 * The store contract (src/media/stores/object-store.ts), the same cases against local disk and
 * against a real S3 endpoint: Ceph's RADOS Gateway on a memstore OSD, started for this file by
 * scripts/ensure-object-store.mjs (about 3 s) and stopped after it — or by the script's watchdog
 * if this process dies first, so a failed or killed run leaves no daemon behind.
 */

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/ensure-object-store.mjs');
const MiB = 1024 * 1024;

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `bytes` as a stream of uneven pieces, as a network upload arrives. */
function trickle(bytes: Buffer, piece = 64 * 1024 + 7): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += piece) yield bytes.subarray(at, at + piece);
    })(),
  );
}

type Kind = { name: 'disk' | 's3'; store: () => ObjectStore };

let diskRoot: string;
let disk: ObjectStore;
let cephFolder: string;
let s3: ObjectStore;

beforeAll(async () => {
  diskRoot = path.join(await mkdtemp(path.join(tmpdir(), 'studio-disk-store-')), 'media');
  disk = diskStore(diskRoot);
  // An empty folder of its own; --stop removes it with everything the cluster wrote.
  cephFolder = await mkdtemp(path.join(tmpdir(), 'studio-ceph-'));
  const { stdout } = await run(process.execPath, [SCRIPT, '--start', cephFolder, '--owner', String(process.pid)], { timeout: 90_000 });
  const endpoint = JSON.parse(stdout) as { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };
  const options = { ...endpoint, bucket: 'studio-media', forcePathStyle: true };
  await createBucketIfMissing(s3Client(options), options.bucket);
  s3 = s3Store(options);
}, 120_000);

afterAll(async () => {
  if (cephFolder) await run(process.execPath, [SCRIPT, '--stop', cephFolder], { timeout: 30_000 });
  if (diskRoot) await rm(path.dirname(diskRoot), { recursive: true, force: true });
});

const kinds: Kind[] = [
  { name: 'disk', store: () => disk },
  { name: 's3', store: () => s3 },
];

describe.each(kinds)('$name store', ({ name, store }) => {
  it('gives back what was put, with its size and content type, and replaces it on a second put', async () => {
    const key = 'images/round-trip.jpg';
    await store().put(key, Buffer.from('first'), { contentType: 'image/jpeg' });
    await store().put(key, Buffer.from('second body'), { contentType: 'text/plain; charset=utf-8' });
    const got = await store().get(key);
    expect(got).toMatchObject({ size: 11, contentType: 'text/plain; charset=utf-8', range: { start: 0, end: 10 } });
    expect((await readAll(got!.stream)).toString()).toBe('second body');
    expect(await store().head(key)).toEqual({ size: 11, contentType: 'text/plain; charset=utf-8' });
  });

  it('keeps an empty object', async () => {
    await store().put('empty/nothing.bin', Buffer.alloc(0), { contentType: 'application/octet-stream' });
    const got = await store().get('empty/nothing.bin');
    expect(got).toMatchObject({ size: 0 });
    expect((await readAll(got!.stream)).length).toBe(0);
  });

  it('round-trips 20 MiB, from a Buffer and from a stream of uneven pieces', async () => {
    const bytes = randomBytes(20 * MiB);
    await store().put('loops/big-buffer.mp4', bytes, { contentType: 'video/mp4' });
    // A stream longer than a part: a multipart upload on S3.
    await store().put('loops/big-stream.mp4', trickle(bytes), { contentType: 'video/mp4' });
    for (const key of ['loops/big-buffer.mp4', 'loops/big-stream.mp4']) {
      expect(await store().head(key), key).toEqual({ size: 20 * MiB, contentType: 'video/mp4' });
      const got = await store().get(key);
      expect(sha(await readAll(got!.stream)), key).toBe(sha(bytes));
    }
  }, 60_000);

  it('takes a short stream', async () => {
    await store().put('live/one/index.m3u8', trickle(Buffer.from('#EXTM3U\n'), 3), { contentType: 'application/vnd.apple.mpegurl' });
    const got = await store().get('live/one/index.m3u8');
    expect(got).toMatchObject({ size: 8, contentType: 'application/vnd.apple.mpegurl' });
    expect((await readAll(got!.stream)).toString()).toBe('#EXTM3U\n');
  });

  it('leaves nothing when the body fails midway, and keeps what was there', async () => {
    const key = 'loops/cut.mp4';
    const failing = () =>
      Readable.from(
        (async function* () {
          yield randomBytes(9 * MiB);
          yield randomBytes(MiB);
          throw new Error('connection cut');
        })(),
      );
    await expect(store().put(key, failing(), { contentType: 'video/mp4' })).rejects.toThrow();
    expect(await store().head(key)).toBeNull();
    await store().put(key, Buffer.from('whole'), { contentType: 'video/mp4' });
    await expect(store().put(key, failing(), { contentType: 'video/mp4' })).rejects.toThrow();
    expect((await readAll((await store().get(key))!.stream)).toString()).toBe('whole');
    if (name === 'disk') expect((await readdir(path.join(diskRoot, 'loops'))).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  }, 30_000);

  it('reads ranges: the first bytes, the middle, the last bytes, to the end, past the end', async () => {
    const bytes = randomBytes(3 * MiB + 123);
    const key = 'replays/ranges.mp4';
    await store().put(key, bytes, { contentType: 'video/mp4' });
    const cases = [
      { range: { start: 0, end: 9 }, start: 0, end: 9 },
      { range: { start: MiB, end: 2 * MiB - 1 }, start: MiB, end: 2 * MiB - 1 },
      { range: { suffix: 500 }, start: bytes.length - 500, end: bytes.length - 1 },
      { range: { start: bytes.length - 5 }, start: bytes.length - 5, end: bytes.length - 1 },
      // An end past the object is cut to it, as HTTP does; a suffix longer than the object is all of it.
      { range: { start: 10, end: bytes.length + 1000 }, start: 10, end: bytes.length - 1 },
      { range: { suffix: bytes.length + 1 }, start: 0, end: bytes.length - 1 },
    ];
    for (const { range, start, end } of cases) {
      const got = await store().get(key, { range });
      expect(got, JSON.stringify(range)).toMatchObject({ size: bytes.length, contentType: 'video/mp4', range: { start, end } });
      expect((await readAll(got!.stream)).equals(bytes.subarray(start, end + 1)), JSON.stringify(range)).toBe(true);
    }
    const beyond = store().get(key, { range: { start: bytes.length } });
    await expect(beyond).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    await expect(beyond).rejects.toMatchObject({ size: bytes.length });
    await expect(store().get(key, { range: { start: 10, end: 5 } })).rejects.toBeInstanceOf(TypeError);
    expect(await store().get('replays/missing.mp4', { range: { start: 0, end: 1 } })).toBeNull();
  });

  it('answers null for a missing key, and deletes idempotently', async () => {
    expect(await store().get('images/never.jpg')).toBeNull();
    expect(await store().head('images/never.jpg')).toBeNull();
    await store().put('images/gone.jpg', Buffer.from('x'), { contentType: 'image/jpeg' });
    await store().delete('images/gone.jpg');
    await store().delete('images/gone.jpg');
    await store().delete('images/never.jpg');
    expect(await store().get('images/gone.jpg')).toBeNull();
    expect(await store().head('images/gone.jpg')).toBeNull();
  });

  it('lists by prefix, a folder or the start of a name, in key order', async () => {
    for (const key of ['list/a/2.ts', 'list/a/1.ts', 'list/ab/3.ts', 'list/b/4.ts', 'list/a/deep/5.ts']) {
      await store().put(key, Buffer.from(key), { contentType: 'video/mp2t' });
    }
    expect(await store().list('list/a/')).toEqual([
      { key: 'list/a/1.ts', size: 11 },
      { key: 'list/a/2.ts', size: 11 },
      { key: 'list/a/deep/5.ts', size: 16 },
    ]);
    expect((await store().list('list/a')).map((item) => item.key)).toEqual(['list/a/1.ts', 'list/a/2.ts', 'list/a/deep/5.ts', 'list/ab/3.ts']);
    expect(await store().list('list/c/')).toEqual([]);
    await store().delete('list/a/1.ts');
    expect((await store().list('list/')).map((item) => item.key)).toEqual(['list/a/2.ts', 'list/a/deep/5.ts', 'list/ab/3.ts', 'list/b/4.ts']);
  });

  it('keeps keys with Korean characters and spaces as they are', async () => {
    const key = '채널/첫 번째 영상 (최종) #1.mp4';
    await store().put(key, Buffer.from('영상'), { contentType: 'video/mp4' });
    expect(await store().head(key)).toEqual({ size: 6, contentType: 'video/mp4' });
    expect((await readAll((await store().get(key))!.stream)).toString()).toBe('영상');
    expect(await store().list('채널/첫 번째')).toEqual([{ key, size: 6 }]);
    await store().delete(key);
    expect(await store().list('채널/')).toEqual([]);
  });

  it('refuses hostile keys before touching anything', async () => {
    const hostile = ['', '../escape', 'a/../../escape', '/etc/passwd', 'a\0b', 'a\\..\\b', '.hidden', 'a/.types/x', 'a//b', 'a/', 'x'.repeat(1025)];
    for (const key of hostile) {
      await expect(store().put(key, Buffer.from('x'), { contentType: 'text/plain' }), JSON.stringify(key)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store().get(key), JSON.stringify(key)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store().head(key), JSON.stringify(key)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store().delete(key), JSON.stringify(key)).rejects.toBeInstanceOf(InvalidKeyError);
    }
    await expect(store().list('../')).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(store().list('/')).rejects.toBeInstanceOf(InvalidKeyError);
    if (name === 'disk') {
      // Nothing was written beside the store's folder.
      expect(await readdir(path.dirname(diskRoot))).toEqual(['media']);
    }
  });
});
