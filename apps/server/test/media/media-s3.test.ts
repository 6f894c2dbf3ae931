import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBucketIfMissing, s3Client, s3Store } from '../../src/media/stores/s3-store';
import type { ObjectStore } from '../../src/media/stores/object-store';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createTestApp, ORIGIN, type TestContext } from '../helper';

const configEnv = (dataDir: string) => ({ PORT: '8080', DEMO: 'false', NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, RTMP_INGEST: 'off', METRICS_PORT: 'off' });

/**
 * The app with STORAGE=s3 against a real S3 endpoint (Ceph's RADOS Gateway on a memstore OSD,
 * started for this file by scripts/ensure-object-store.mjs and stopped after it): an image uploaded
 * through the API lands in the bucket, is read back through /media whole and by range, and nothing
 * is written under the app's $DATA_DIR/media.
 */

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/ensure-object-store.mjs');
const BUCKET = 'studio-media-app';

let cephFolder: string;
let env: Record<string, string>;
let bucket: ObjectStore;
let t: TestContext;
let cookie: string;
let channel: number;

function upload(payload: Buffer) {
  const boundary = `----studio${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    payload,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/channels/${channel}/contents/images`,
    headers: { cookie, origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

beforeAll(async () => {
  cephFolder = await mkdtemp(path.join(tmpdir(), 'studio-ceph-'));
  const { stdout } = await run(process.execPath, [SCRIPT, '--start', cephFolder, '--owner', String(process.pid)], { timeout: 90_000 });
  const endpoint = JSON.parse(stdout) as { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };
  const options = { ...endpoint, bucket: BUCKET, forcePathStyle: true };
  await createBucketIfMissing(s3Client(options), BUCKET);
  bucket = s3Store(options);
  env = {
    STORAGE: 's3',
    S3_ENDPOINT: endpoint.endpoint,
    S3_REGION: endpoint.region,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: endpoint.accessKeyId,
    S3_SECRET_ACCESS_KEY: endpoint.secretAccessKey,
  };
  t = await createTestApp({ env });
  const owner = await createPerson(t.db);
  cookie = await t.cookieFor(owner.userId);
  channel = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
  await addMember(t.db, channel, owner.userId, 'OWNER');
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (cephFolder) await run(process.execPath, [SCRIPT, '--stop', cephFolder], { timeout: 30_000 });
  await rm(cephFolder, { recursive: true, force: true });
});

describe('media in an S3 bucket (STORAGE=s3)', () => {
  it('stores an uploaded image in the bucket, serves it whole and by range through /media, and writes nothing under $DATA_DIR/media', async () => {
    const response = await upload(await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366ff' } }).png().toBuffer());
    expect(response.statusCode, response.body).toBe(201);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^\/media\/images\/[0-9a-f-]{36}\.jpg$/);
    const key = url.slice('/media/'.length);

    // In the bucket, as the app's store put it.
    const stored = await bucket.head(key);
    expect(stored?.contentType).toBe('image/jpeg');
    const size = stored!.size;
    expect(size).toBeGreaterThan(200);

    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/jpeg');
    expect(whole.headers['content-length']).toBe(String(size));
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.length).toBe(size);
    expect((await sharp(whole.rawPayload).metadata()).format).toBe('jpeg');

    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(100, 200))).toBe(true);

    const tail = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 10))).toBe(true);

    const past = await t.app.inject({ method: 'GET', url, headers: { range: `bytes=${size}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);

    const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': whole.headers.etag as string } });
    expect(again.statusCode).toBe(304);

    expect((await t.app.inject({ method: 'GET', url: url.replace(/[0-9a-f]{8}-/, '00000000-') })).statusCode).toBe(404);

    // Nothing of the media on the instance's own disk.
    const mediaDir = path.join(t.config.dataDir, 'media');
    expect(existsSync(mediaDir) ? readdirSync(mediaDir, { recursive: true }) : []).toEqual([]);
  });

  it('refuses to start when the bucket is not there, saying which', async () => {
    const config = loadConfig({ ...configEnv(t.config.dataDir), ...env, S3_BUCKET: 'no-such-bucket' });
    await expect(buildApp({ config, db: t.db, clock: t.clock, logger: false, backgroundJobs: false })).rejects.toThrow(/S3_BUCKET no-such-bucket at http:\/\/127\.0\.0\.1:\d+ does not exist/);
  });
});
