import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBucketIfMissing, s3Client, s3Store } from '../../src/media/stores/s3-store';
import type { ObjectStore } from '../../src/media/stores/object-store';
import { addMember, createChannel, createLive, createPerson, createStreamKey } from '../../src/seed/factories';
import { createTestApp, ORIGIN, type TestContext } from '../helper';

/**
 * With STORAGE=s3 against a real S3 endpoint (Ceph's RADOS Gateway, started for this file by
 * scripts/ensure-object-store.mjs), reached through a TCP relay the test can close and open again:
 * /readyz answers 503 naming the media store while the endpoint is unreachable and 200 once it is
 * back; public HLS in the bucket answers byte ranges; and the secret access key appears in no log line,
 * whether the store's requests succeed or fail.
 */

const run = promisify(execFile);
const SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/ensure-object-store.mjs');
const BUCKET = 'studio-media-ready';

/**
 * A TCP relay to the gateway on a port of its own. `close` refuses new connections and cuts the open
 * ones; `stall(true)` cuts them too and then accepts connections but never answers (an endpoint behind a
 * firewall that drops packets), until `stall(false)`.
 */
function relay(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  let stalled = false;
  const cut = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    get port() {
      return port;
    },
    stall(on: boolean) {
      stalled = on;
      cut();
    },
    open: () =>
      new Promise<void>((resolve, reject) => {
        const opened = createServer((client) => {
          if (stalled) {
            sockets.add(client);
            client.on('error', () => sockets.delete(client));
            return;
          }
          const upstream = connect(Number(target.port), target.hostname);
          const end = () => {
            client.destroy();
            upstream.destroy();
            sockets.delete(client);
            sockets.delete(upstream);
          };
          sockets.add(client).add(upstream);
          client.on('error', end).on('close', end);
          upstream.on('error', end).on('close', end);
          client.pipe(upstream).pipe(client);
        });
        opened.once('error', reject);
        // The same port again on reopening: the app keeps the endpoint it started with.
        opened.listen(port, '127.0.0.1', () => {
          port = (opened.address() as AddressInfo).port;
          server = opened;
          resolve();
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        cut();
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
  };
}

let cephFolder: string;
let secret: string;
let bucket: ObjectStore;
let gateway: ReturnType<typeof relay>;
let t: TestContext;
let cookie: string;
let channel: number;
const lines: string[] = [];

beforeAll(async () => {
  cephFolder = await mkdtemp(path.join(tmpdir(), 'studio-ceph-'));
  const { stdout } = await run(process.execPath, [SCRIPT, '--start', cephFolder, '--owner', String(process.pid)], { timeout: 90_000 });
  const endpoint = JSON.parse(stdout) as { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };
  secret = endpoint.secretAccessKey;
  const options = { ...endpoint, bucket: BUCKET, forcePathStyle: true };
  await createBucketIfMissing(s3Client(options), BUCKET);
  bucket = s3Store(options);
  gateway = relay(new URL(endpoint.endpoint));
  await gateway.open();
  t = await createTestApp({
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${gateway.port}`,
      S3_REGION: endpoint.region,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: endpoint.accessKeyId,
      S3_SECRET_ACCESS_KEY: secret,
    },
    // Every line the app logs, at info and above, from its start.
    logStream: { write: (line) => void lines.push(line) },
  });
  const owner = await createPerson(t.db);
  cookie = await t.cookieFor(owner.userId);
  channel = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
  await addMember(t.db, channel, owner.userId, 'OWNER');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await gateway?.close();
  if (cephFolder) await run(process.execPath, [SCRIPT, '--stop', cephFolder], { timeout: 30_000 });
  await rm(cephFolder, { recursive: true, force: true });
});

const readyz = () => t.app.inject({ method: 'GET', url: '/readyz' });

async function uploadImage() {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#33aa66' } }).png().toBuffer();
  const boundary = `----studio${randomBytes(8).toString('hex')}`;
  return t.app.inject({
    method: 'POST',
    url: `/api/channels/${channel}/contents/images`,
    headers: { cookie, origin: ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
}

describe('the S3 media store: readiness, ranges on public HLS, no secret in the logs', () => {
  it('/readyz: 200 while the bucket answers, 503 naming the media store within the timeout while the endpoint is closed, 200 once it is back', async () => {
    const ready = await readyz();
    expect(ready.statusCode, ready.body).toBe(200);
    for (const state of Object.values(ready.json<{ roles: Record<string, unknown> }>().roles)) expect(state).toMatchObject({ db: 'up', media: 'up' });

    await gateway.close();
    try {
      const started = Date.now();
      const down = await readyz();
      // The check's own bound is 2 s; connections refused at once end it sooner.
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(down.statusCode, down.body).toBe(503);
      expect(down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', extra: { needs: 'media', store: 's3' } });
      // Names the part, not how to reach it.
      for (const told of [secret, BUCKET, String(gateway.port)]) expect(down.body).not.toContain(told);
    } finally {
      await gateway.open();
    }
    const back = await readyz();
    expect(back.statusCode, back.body).toBe(200);
  });

  it('/readyz: 503 within its bound when the endpoint takes connections but never answers', async () => {
    gateway.stall(true);
    try {
      // READY_STORE_TIMEOUT_MS is 2 s: without it the check would wait on the silent endpoint. Raced here
      // rather than left to the test's timeout, so that the relay is resumed for the tests after this one.
      const down = await Promise.race([readyz(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000))]);
      if (!down) expect.fail('/readyz gave no answer within 5 s of a silent endpoint');
      expect(down.statusCode, down.body).toBe(503);
      expect(down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', extra: { needs: 'media', store: 's3' } });
    } finally {
      gateway.stall(false);
    }
    expect((await readyz()).statusCode).toBe(200);
  });

  it('serves a live segment from the bucket by range: 206 with Content-Range, 416 past its end', async () => {
    const key = await createStreamKey(t.db, { channel_id: channel, title: 'range', created_at: new Date() });
    const liveId = await createLive(t.db, { channel_id: channel, stream_key_id: key.id, title: '구간', status: 'START', air_slot: 1, started_at: new Date(), created_at: new Date() });
    const segment = Buffer.from(Array.from({ length: 700 }, (_, index) => index % 253));
    await bucket.put(`live/${liveId}/segment-00001.ts`, segment, { contentType: 'video/mp2t' });
    const url = `/live/${liveId}/segment-00001.ts`;

    const part = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=300-349' } });
    expect(part.statusCode, part.body).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 300-349/700');
    expect(part.headers['content-length']).toBe('50');
    expect(part.rawPayload.equals(segment.subarray(300, 350))).toBe(true);

    const past = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=700-' } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */700');
  });

  it("counts each request the store fails in /metrics by operation, and none it answers or a missing object", async () => {
    const errors = async () => {
      const text = await (await fetch(`http://127.0.0.1:${t.app.metrics.port}/metrics`)).text();
      const counted: Record<string, number> = {};
      for (const match of text.matchAll(/^object_store_request_errors_total\{([^}]*)\} (\d+)$/gm)) {
        const labels = match[1]!;
        if (labels.includes('store="s3"')) counted[/operation="([a-z]+)"/.exec(labels)![1]!] = Number(match[2]);
      }
      return counted;
    };
    const saved = await uploadImage();
    expect(saved.statusCode, saved.body).toBe(201);
    const { url } = saved.json<{ url: string }>();
    const quiet = await errors();
    // Answered requests and a missing object are no failures of the store.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/media/images/00000000-0000-4000-8000-000000000001.jpg' })).statusCode).toBe(404);
    expect(await errors()).toEqual(quiet);

    await gateway.close();
    try {
      expect((await uploadImage()).statusCode).toBeGreaterThanOrEqual(500);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBeGreaterThanOrEqual(500);
      expect((await readyz()).statusCode).toBe(503);
    } finally {
      await gateway.open();
    }
    const after = await errors();
    for (const operation of ['put', 'get', 'check']) expect(after[operation] ?? 0, operation).toBeGreaterThan(quiet[operation] ?? 0);
  });

  it('logs no line carrying the secret access key, through media requests that succeed and ones the store fails', async () => {
    const saved = await uploadImage();
    expect(saved.statusCode, saved.body).toBe(201);
    const { url } = saved.json<{ url: string }>();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } })).statusCode).toBe(206);
    expect((await t.app.inject({ method: 'GET', url: '/media/images/00000000-0000-4000-8000-000000000000.jpg' })).statusCode).toBe(404);

    const before = lines.length;
    await gateway.close();
    try {
      // The store fails each of these: a write, a read, and the readiness check.
      const failedUpload = await uploadImage();
      expect(failedUpload.statusCode).toBeGreaterThanOrEqual(500);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBeGreaterThanOrEqual(500);
      expect((await readyz()).statusCode).toBe(503);
    } finally {
      await gateway.open();
    }

    // The capture works and holds the failures (with their errors), so finding no secret means something.
    expect(lines.length).toBeGreaterThan(before);
    const failures = lines.slice(before).filter((line) => /"level":(40|50)/.test(line));
    expect(failures.length).toBeGreaterThanOrEqual(3);
    expect(failures.some((line) => line.includes('media store unavailable'))).toBe(true);
    expect(secret.length).toBeGreaterThanOrEqual(16);
    for (const line of lines) expect(line).not.toContain(secret);
  });
});
