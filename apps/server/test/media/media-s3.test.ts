import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, watch } from 'node:fs';
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
import type { LiveDetail, PlayerInfo, StreamKey, StreamState } from '@studio/contract/live';
import { RECORDING_REMOVE_QUEUE } from '../../src/modules/lives/recording-files';
import { playlistSegments } from '../../src/modules/lives/recording-playlist';
import { REPLAY_TRIM_CLEANUP_QUEUE, REPLAY_TRIM_QUEUE } from '../../src/modules/lives/replay-trim-service';
import { Loop } from '@studio/contract/loop';
import { MEDIA_REMOVE_QUEUE } from '../../src/media/media-jobs';
import { call, createTestApp, ORIGIN, type TestContext } from '../helper';
import { eventually, startEncoder, type Encoder } from '../lives/encoder';
import { makeClips } from '../loops/clips';
import { tusHeaders } from '../loops/tus';

const configEnv = (dataDir: string) => ({ PORT: '8080', DEMO: 'false', NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, RTMP_INGEST: 'off', METRICS_PORT: 'off' });

/**
 * The app with STORAGE=s3 against a real S3 endpoint (Ceph's RADOS Gateway on a memstore OSD,
 * started for this file by scripts/ensure-object-store.mjs and stopped after it): an image uploaded
 * through the API lands in the bucket, is read back through /media whole and by range, and nothing
 * is written under the app's $DATA_DIR/media; a loop's tus pieces go to the bucket, its transcode
 * reads the source from there and puts its rendition and thumbnails back.
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
let shorts: number;
let clips: ReturnType<typeof makeClips>;

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
  clips = makeClips();
  t = await createTestApp({ env: { ...env, LOOP_MAX_SECONDS: '5', LOOP_MAX_BYTES: '20000000' } });
  const owner = await createPerson(t.db);
  cookie = await t.cookieFor(owner.userId);
  channel = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', use_document_write: true, use_post_write: true });
  await addMember(t.db, channel, owner.userId, 'OWNER');
  shorts = await createChannel(t.db, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await addMember(t.db, shorts, owner.userId, 'OWNER');
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

  it('takes a loop over tus into the bucket in two pieces, transcodes it from there, plays it by range, and removes its objects by the delete job, once', async () => {
    const bytes = readFileSync(clips.vertical);
    const created = await t.app.inject({ method: 'POST', url: `/api/channels/${shorts}/loops/uploads`, headers: tusHeaders(cookie, { 'upload-length': String(bytes.length) }) });
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    const id = location.split('/').pop()!;
    const half = Math.floor(bytes.length / 2);
    const piece = (offset: number, body: Buffer) =>
      t.app.inject({ method: 'PATCH', url: location, headers: tusHeaders(cookie, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }), payload: body });
    expect((await piece(0, bytes.subarray(0, half))).statusCode).toBe(204);
    // Where to resume, as told by the bucket (any instance would answer the same).
    const resume = await t.app.inject({ method: 'HEAD', url: location, headers: tusHeaders(cookie) });
    expect(resume.headers['upload-offset']).toBe(String(half));
    // The last piece is judged by the probe where the upload is, in the bucket: no copy of it is
    // written to this instance's disk, even for a moment (a `web` instance keeps no media).
    const scratch = path.join(t.config.dataDir, 'run', 'loops');
    mkdirSync(scratch, { recursive: true });
    const written: string[] = [];
    const watcher = watch(scratch, (_event, name) => written.push(String(name)));
    const last = await piece(half, bytes.subarray(half));
    watcher.close();
    expect(last.statusCode, last.body).toBe(204);
    expect(written).toEqual([]);
    expect((await bucket.head(id))?.size).toBe(bytes.length);

    expect(await t.app.jobs.drain('loop.process')).toBe(1);
    const loop = Loop.parse((await call(t.app, 'GET', `/api/channels/${shorts}/loops/${id}`, cookie)).json());
    expect(loop).toMatchObject({ status: 'COMPLETE', width: 540, height: 960 });
    const files = [loop.videoUrl!, ...loop.thumbnails.map((thumbnail) => thumbnail.url)];
    expect(files).toHaveLength(4);
    for (const url of files) expect(await bucket.head(url.slice('/media/'.length)), url).not.toBeNull();
    // The upload's objects are gone once the rendition exists.
    expect((await bucket.list(id)).map((object) => object.key)).toEqual([]);

    const video = await t.app.inject({ method: 'GET', url: loop.videoUrl!, headers: { range: 'bytes=0-1023', cookie } });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.rawPayload.length).toBe(1024);
    expect(video.rawPayload.subarray(4, 8).toString()).toBe('ftyp');

    // Nothing of the upload or the rendition stayed on the instance's disk (its scratch folder included).
    for (const folder of ['media', 'uploads', path.join('run', 'loops')]) {
      const dir = path.join(t.config.dataDir, folder);
      expect(existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((name) => !String(name).endsWith('loops')) : [], folder).toEqual([]);
    }

    expect((await call(t.app, 'DELETE', `/api/channels/${shorts}/loops/${id}`, cookie)).statusCode).toBe(204);
    expect(await t.app.jobs.drain(MEDIA_REMOVE_QUEUE)).toBe(1);
    for (const url of files) {
      expect(await bucket.head(url.slice('/media/'.length)), url).toBeNull();
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect(await t.app.jobs.drain(MEDIA_REMOVE_QUEUE)).toBe(0);
  }, 120_000);

  it('judges an upload in the bucket by what it holds, read through loopback: a text file, a playlist naming a file of the disk, a clip cut short', async () => {
    for (const [file, code] of [
      [clips.text, 'LOOP_NOT_VIDEO'],
      [clips.playlist, 'LOOP_NOT_VIDEO'],
      [clips.truncated, 'LOOP_DAMAGED'],
    ] as const) {
      const bytes = readFileSync(file);
      const created = await t.app.inject({ method: 'POST', url: `/api/channels/${shorts}/loops/uploads`, headers: tusHeaders(cookie, { 'upload-length': String(bytes.length) }) });
      expect(created.statusCode, created.body).toBe(201);
      const last = await t.app.inject({
        method: 'PATCH',
        url: created.headers.location as string,
        headers: tusHeaders(cookie, { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }),
        payload: bytes,
      });
      expect(last.statusCode, file).toBe(400);
      expect((JSON.parse(last.body) as { code: string }).code, file).toBe(code);
    }
    expect(await t.app.jobs.drain('loop.process')).toBe(0);
  }, 60_000);

  it('puts a live recording into the bucket as the ingest makes it: /live/ serves the playlist and segments from there, and the replay ends there', async () => {
    const ingest = await createTestApp({ env: { ...env, RTMP_INGEST: 'embedded', RTMP_PORT: '0', RTMP_HOST: '127.0.0.1', FFMPEG_PATH: '/usr/bin/ffmpeg' } });
    let encoder: Encoder | undefined;
    try {
      const base = await ingest.app.listen({ port: 0, host: '127.0.0.1' });
      const person = await createPerson(ingest.db);
      const owner = await ingest.cookieFor(person.userId);
      const channelId = await createChannel(ingest.db, { status: 'SERVICE', live_status: 'SERVICE' });
      await addMember(ingest.db, channelId, person.userId, 'OWNER');
      const lives = `/api/channels/${channelId}/lives`;
      const { kampChannelId } = (await call(ingest.app, 'POST', `${lives}/streams?title=s3`, owner)).json<{ kampChannelId: string }>();
      const key = (await call(ingest.app, 'GET', `${lives}/streams`, owner)).json<StreamKey[]>().find((k) => k.kampChannelId === kampChannelId)!;
      const liveId = (await call(ingest.app, 'POST', `${lives}/create?kampChannelId=${kampChannelId}`, owner)).json<{ liveId: number }>().liveId;
      encoder = startEncoder(`${key.serverUrl}/${key.streamKey}`.replace('localhost', '127.0.0.1'));
      await eventually(async () => (await call(ingest.app, 'GET', `${lives}/streams/state/${liveId}`, owner)).json<StreamState>().reception === 'RECEIVING', 8000, 'receiving');
      expect((await call(ingest.app, 'POST', `${lives}/${liveId}/start`, owner)).statusCode).toBe(200);

      const playlistUrl = `${base}/live/${liveId}/index.m3u8`;
      const playlist = await eventually(async () => {
        const response = await fetch(playlistUrl);
        const text = response.ok ? await response.text() : '';
        // Three segments, so that a trim below has one to cut off and two to keep.
        return (text.match(/\.ts/g) ?? []).length >= 3 ? text : null;
      }, 20_000, 'an HLS playlist with three segments, from the bucket');
      const segmentName = /segment-\d{5}\.ts/.exec(playlist)![0];
      const stored = await bucket.get(`live/${liveId}/${segmentName}`);
      expect(stored?.contentType).toBe('video/mp2t');
      stored?.stream.destroy();
      const segment = await fetch(`${base}/live/${liveId}/${segmentName}`);
      expect(segment.status).toBe(200);
      expect(Number(segment.headers.get('content-length'))).toBe(stored!.size);
      expect((await segment.arrayBuffer()).byteLength).toBe(stored!.size);

      expect((await call(ingest.app, 'POST', `${lives}/${liveId}/close`, owner)).json<LiveDetail>().status).toBe('END');
      const replay = await eventually(async () => {
        const object = await bucket.get(`live/${liveId}/index.m3u8`);
        const text = object ? (await object.stream.toArray()).map((chunk: Buffer) => chunk.toString()).join('') : '';
        return text.includes('#EXT-X-ENDLIST') ? text : null;
      }, 10_000, 'the replay playlist ends in the bucket');
      for (const name of new Set(replay.match(/segment-\d{5}\.ts/g))) expect(await bucket.head(`live/${liveId}/${name}`), name).not.toBeNull();
      expect(await (await fetch(playlistUrl)).text()).toBe(replay);

      // A trim reads and writes the bucket's copy (decision 046): the trimmed playlist is put there, the
      // replay is swapped to it, and the cut-off segments and former playlist leave the bucket once.
      const info = await eventually(async () => {
        const answer = (await call(ingest.app, 'GET', `${lives}/${liveId}/player-info`, owner)).json<PlayerInfo>();
        return answer.replayState === 'READY' ? answer : null;
      }, 10_000, 'the replay settled');
      const segments = [...new Set(replay.match(/segment-\d{5}\.ts/g))];
      const trim = await call(ingest.app, 'POST', `${lives}/${liveId}/replay/trim`, owner, { startSeconds: playlistSegments(replay)[0]!.durationSeconds, endSeconds: info.replayDurationSeconds! });
      expect(trim.statusCode, trim.body).toBe(202);
      expect(await ingest.app.jobs.drain(REPLAY_TRIM_QUEUE)).toBe(1);
      const trimmed = (await call(ingest.app, 'GET', `${lives}/${liveId}/player-info`, owner)).json<PlayerInfo>();
      expect(trimmed.replay?.url).toMatch(new RegExp(`^/live/${liveId}/replay-\\d+\\.m3u8$`));
      const trimmedText = await (await fetch(`${base}${trimmed.replay!.url}`)).text();
      expect(trimmedText).toContain('#EXT-X-ENDLIST');
      expect(await bucket.head(trimmed.replay!.url.slice(1))).not.toBeNull();
      expect(await ingest.app.jobs.drain(REPLAY_TRIM_CLEANUP_QUEUE)).toBe(1);
      const kept = new Set(trimmedText.match(/segment-\d{5}\.ts/g));
      expect(kept.size).toBeLessThan(segments.length);
      for (const name of segments) expect(Boolean(await bucket.head(`live/${liveId}/${name}`)), name).toBe(kept.has(name));
      expect(await bucket.head(`live/${liveId}/index.m3u8`)).toBeNull();

      // Deleting the live removes its recording from the bucket, every object, once.
      expect((await call(ingest.app, 'DELETE', `${lives}/${liveId}`, owner)).statusCode).toBe(204);
      expect(await ingest.app.jobs.drain(RECORDING_REMOVE_QUEUE)).toBe(1);
      expect(await bucket.list(`live/${liveId}/`)).toEqual([]);
      expect(await ingest.app.jobs.drain(RECORDING_REMOVE_QUEUE)).toBe(0);
    } finally {
      await encoder?.stop();
      await ingest.close();
    }
  }, 120_000);

  it('refuses to start when the bucket is not there, saying which', async () => {
    const config = loadConfig({ ...configEnv(t.config.dataDir), ...env, S3_BUCKET: 'no-such-bucket' });
    await expect(buildApp({ config, db: t.db, clock: t.clock, logger: false, backgroundJobs: false })).rejects.toThrow(/S3_BUCKET no-such-bucket at http:\/\/127\.0\.0\.1:\d+ does not exist/);
  });
});
