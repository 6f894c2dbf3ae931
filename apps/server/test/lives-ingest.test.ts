import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveDetail, PlayerInfo, StreamKey, StreamState } from '@studio/contract/live';
import { buildApp } from '../src/app';
import { GRACE_QUEUE } from '../src/modules/lives/runtime';
import { addMember, createChannel, createPerson } from '../src/seed/factories';
import { call, createTestApp, type TestContext } from './helper';
import { newKeyAndLive as keyAndLive } from './lives/stream-keys';
import { eventually, startEncoder, type Encoder } from './lives/encoder';

/**
 * The embedded RTMP ingest with a real encoder (ffmpeg publishing over RTMP):
 * a wrong or reissued key is refused before the stream is accepted, reissuing
 * kicks the publisher, the state shows what arrives within 5 s, the preview
 * streams FLV, start records HLS, a drop interrupts and a reconnect resumes,
 * close leaves a replay, the grace period closes by itself, and the secret
 * key never appears in the log.
 */

let t: TestContext;
let dataDir: string;
let channelId: number;
let owner: string;
let rtmpPort: number;
let httpBase: string;
const log: string[] = [];
const encoders: Encoder[] = [];

const base = () => `/api/channels/${channelId}/lives`;
const rtmpUrl = (secret: string) => `rtmp://127.0.0.1:${rtmpPort}/live/${secret}`;

const newKeyAndLive = (title: string) => keyAndLive(t.app, channelId, owner, title);

function publish(secret: string, options: { audio?: boolean; seconds?: number; url?: string } = {}): Encoder {
  const encoder = startEncoder(options.url ?? rtmpUrl(secret), options);
  encoders.push(encoder);
  return encoder;
}

const state = async (liveId: number) => (await call(t.app, 'GET', `${base()}/streams/state/${liveId}`, owner)).json<StreamState>();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'lives-ingest-'));
  t = await createTestApp({
    env: { RTMP_INGEST: 'embedded', RTMP_PORT: '0', RTMP_HOST: '127.0.0.1', DATA_DIR: dataDir, LIVE_RECONNECT_GRACE_SECONDS: '4', FFMPEG_PATH: '/usr/bin/ffmpeg' },
    logStream: { write: (line: string) => void log.push(line) },
    // The grace period's timer is a durable job: workers run here as under `npm start`.
    backgroundJobs: true,
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  httpBase = address;
  const person = await createPerson(t.db, { name: '소유자' });
  channelId = await createChannel(t.db, { name: 'Studio Daily', status: 'SERVICE', live_status: 'SERVICE' });
  await addMember(t.db, channelId, person.userId, 'OWNER');
  owner = await t.cookieFor(person.userId);
  const serverUrl = (await newKeyAndLive('port probe')).key.serverUrl;
  rtmpPort = Number(/:(\d+)\/live$/.exec(serverUrl)?.[1]);
  expect(rtmpPort).toBeGreaterThan(0);
  expect(rtmpPort).not.toBe(1935);
});

afterAll(async () => {
  await Promise.all(encoders.map((encoder) => encoder.stop()));
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('embedded RTMP ingest with a real encoder', () => {
  it('refuses a wrong key before the stream is accepted', async () => {
    const { liveId } = await newKeyAndLive('wrong');
    const encoder = publish('live_0123456789abcdef0123456789abcdef01234567');
    const result = await encoder.exited;
    expect(result.code).not.toBe(0);
    expect((await state(liveId)).reception).toBe('IDLE');
    const garbage = publish('not-a-key');
    expect((await garbage.exited).code).not.toBe(0);
  });

  it('receives within 5 s, measures the stream, previews it as FLV, records HLS on start, and resumes after a drop', async () => {
    const { key, liveId } = await newKeyAndLive('main');
    const connectedAt = Date.now();
    let encoder = publish(key.streamKey);
    await eventually(async () => (await state(liveId)).reception === 'RECEIVING', 5000, 'receiving');
    const receivingAfter = Date.now() - connectedAt;
    expect(receivingAfter).toBeLessThan(5000);

    const measured = await eventually(
      async () => {
        const s = await state(liveId);
        return s.video && s.audio && s.video.frameRate > 20 ? s : null;
      },
      8000,
      'video and audio statistics',
    );
    expect(measured.video).toMatchObject({ codec: 'H.264', width: 640, height: 360 });
    expect(measured.audio).toMatchObject({ codec: 'AAC', sampleRate: 44100 });
    expect(measured.video!.bitrateKbps).toBeGreaterThan(100);
    expect(measured.uptimeSeconds).not.toBeNull();

    const info = (await call(t.app, 'GET', `${base()}/${liveId}/player-info`, owner)).json<PlayerInfo>();
    expect(info.preview).toEqual({ url: `/api/channels/${channelId}/lives/${liveId}/preview.flv`, type: 'flv' });
    expect(info.playback).toBeNull();

    // The preview over real HTTP: an FLV header, then tags, for the signed-in owner only.
    const controller = new AbortController();
    const preview = await fetch(`${httpBase}${info.preview!.url}`, { headers: { cookie: owner }, signal: controller.signal });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('video/x-flv');
    const reader = preview.body!.getReader();
    let received = Buffer.alloc(0);
    while (received.length < 50_000) received = Buffer.concat([received, Buffer.from((await reader.read()).value ?? [])]);
    expect(received.subarray(0, 3).toString()).toBe('FLV');
    controller.abort();
    expect((await fetch(`${httpBase}${info.preview!.url}`)).status).toBe(401);

    const started = await call(t.app, 'POST', `${base()}/${liveId}/start`, owner);
    expect(started.statusCode, started.body).toBe(200);
    const playlistUrl = `${httpBase}/live/${liveId}/index.m3u8`;
    const playlist = await eventually(
      async () => {
        const response = await fetch(playlistUrl);
        const text = response.ok ? await response.text() : '';
        return text.includes('.ts') ? text : null;
      },
      10_000,
      'an HLS playlist with a segment',
    );
    expect(playlist).toContain('#EXTM3U');
    expect(playlist).not.toContain(key.streamKey);
    const segmentName = /segment-\d{5}\.ts/.exec(playlist)![0];
    const segment = await fetch(`${httpBase}/live/${liveId}/${segmentName}`);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
    expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    // The encoder drops: the live stays on air, interrupted; a reconnect resumes it.
    await encoder.stop();
    await eventually(async () => (await state(liveId)).reception === 'INTERRUPTED', 5000, 'interrupted');
    expect((await call(t.app, 'GET', `${base()}/${liveId}`, owner)).json<LiveDetail>().status).toBe('START');
    encoder = publish(key.streamKey);
    await eventually(async () => (await state(liveId)).reception === 'RECEIVING', 5000, 'receiving again');
    // The grace period (4 s here) passes without closing the resumed live.
    await new Promise((resolve) => setTimeout(resolve, 4500));
    expect((await call(t.app, 'GET', `${base()}/${liveId}`, owner)).json<LiveDetail>().status).toBe('START');
    const segmentsBefore = (await (await fetch(playlistUrl)).text()).match(/\.ts/g)?.length ?? 0;
    await eventually(async () => ((await (await fetch(playlistUrl)).text()).match(/\.ts/g)?.length ?? 0) > segmentsBefore, 8000, 'recording resumed');

    const closed = await call(t.app, 'POST', `${base()}/${liveId}/close`, owner);
    expect(closed.json<LiveDetail>().status).toBe('END');
    // The replay is settled just after the close answers (issue 24).
    const replay = await eventually(async () => {
      const info = (await call(t.app, 'GET', `${base()}/${liveId}/player-info`, owner)).json<PlayerInfo>();
      return info.replayState === 'PENDING' ? null : info;
    }, 10_000, 'the replay settled');
    expect(replay.replay).toEqual({ url: `/live/${liveId}/index.m3u8`, type: 'hls' });
    const vod = await eventually(async () => {
      const text = await (await fetch(playlistUrl)).text();
      return text.includes('#EXT-X-ENDLIST') ? text : null;
    }, 8000, 'the replay playlist ends');
    expect(vod).toContain('#EXT-X-DISCONTINUITY');
    await encoder.stop();
  });

  it('reissuing a key disconnects its publisher at once, and the old key is refused from then on', async () => {
    const { key, liveId } = await newKeyAndLive('reissue');
    const encoder = publish(key.streamKey);
    await eventually(async () => (await state(liveId)).reception === 'RECEIVING', 5000, 'receiving');
    const reissued = (await call(t.app, 'POST', `${base()}/streams/reissue/${key.kampChannelId}`, owner)).json<StreamKey>();
    const kicked = await Promise.race([encoder.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))]);
    expect(kicked, 'the encoder was disconnected').not.toBeNull();
    await eventually(async () => (await state(liveId)).reception === 'IDLE', 3000, 'idle after the kick');
    const old = publish(key.streamKey);
    expect((await old.exited).code).not.toBe(0);
    const fresh = publish(reissued.streamKey);
    await eventually(async () => (await state(liveId)).reception === 'RECEIVING', 5000, 'receiving with the new key');
    await fresh.stop();
  });

  it('closes an interrupted live by itself after the grace period and tells the owner', async () => {
    const { key, liveId } = await newKeyAndLive('grace');
    const encoder = publish(key.streamKey);
    await eventually(async () => (await state(liveId)).reception === 'RECEIVING', 5000, 'receiving');
    expect((await call(t.app, 'POST', `${base()}/${liveId}/start`, owner)).statusCode).toBe(200);
    // On air for real before the drop: the recording has its first segment (a stream cut before the
    // remux has read its codecs ends the remux with an error, which the log test would count).
    await eventually(async () => (await fetch(`${httpBase}/live/${liveId}/index.m3u8`)).ok, 8000, 'recording');
    await encoder.stop();
    await eventually(async () => (await state(liveId)).reception === 'INTERRUPTED', 5000, 'interrupted');
    await eventually(async () => (await state(liveId)).status === 'END', 10_000, 'closed after the grace period');
    const notes = await t.db.selectFrom('notifications').select('type').where('type', 'in', ['LIVE_INTERRUPTED', 'LIVE_AUTO_CLOSED']).where('landing_url', 'like', `%/lives/${liveId}`).execute();
    expect(notes.map((n) => n.type).sort()).toEqual(['LIVE_AUTO_CLOSED', 'LIVE_INTERRUPTED']);
  });

  it('a shutdown interrupts the live on air and queues its grace timer; the restarted server closes it when due', async () => {
    const other = await createTestApp({ env: { RTMP_INGEST: 'embedded', RTMP_PORT: '0', RTMP_HOST: '127.0.0.1', FFMPEG_PATH: '/usr/bin/ffmpeg' } });
    const person = await createPerson(other.db, { name: '소유자' });
    const channel = await createChannel(other.db, { status: 'SERVICE', live_status: 'SERVICE' });
    await addMember(other.db, channel, person.userId, 'OWNER');
    const cookie = await other.cookieFor(person.userId);
    const api = `/api/channels/${channel}/lives`;
    const kamp = (await call(other.app, 'POST', `${api}/streams?title=restart`, cookie)).json<{ kampChannelId: string }>().kampChannelId;
    const key = (await call(other.app, 'GET', `${api}/streams`, cookie)).json<StreamKey[]>()[0]!;
    const liveId = (await call(other.app, 'POST', `${api}/create?kampChannelId=${kamp}`, cookie)).json<{ liveId: number }>().liveId;
    const live = publish(key.streamKey, { url: `${key.serverUrl}/${key.streamKey}`.replace('localhost', '127.0.0.1') });
    await eventually(async () => (await call(other.app, 'GET', `${api}/streams/state/${liveId}`, cookie)).json<StreamState>().reception === 'RECEIVING', 5000, 'receiving');
    expect((await call(other.app, 'POST', `${api}/${liveId}/start`, cookie)).statusCode).toBe(200);
    await other.app.close();
    const row = await other.db.selectFrom('lives').select(['status', 'interrupted_at']).where('id', '=', liveId).executeTakeFirstOrThrow();
    expect(row.status).toBe('START');
    expect(row.interrupted_at).not.toBeNull();
    // The server comes back (here without its own ingest): the queued timer is still there and closes the live.
    const restarted = await buildApp({ config: { ...other.config, live: { ...other.config.live, ingest: 'off' } }, db: other.db, clock: other.clock, logger: false, backgroundJobs: false });
    try {
      expect(await restarted.jobs.drain(GRACE_QUEUE, { ignoreStartAfter: true })).toBe(1);
    } finally {
      await restarted.close();
    }
    expect((await other.db.selectFrom('lives').select('status').where('id', '=', liveId).executeTakeFirstOrThrow()).status).toBe('END');
    await live.stop();
    await other.close();
    // Two whole servers start in this test (the ingest node's start-up now registers it and its heartbeat): 16-17 s alone on a busy machine.
  }, 60_000);

  it('never writes a secret key into the log', async () => {
    const keys = (await call(t.app, 'GET', `${base()}/streams`, owner)).json<StreamKey[]>();
    expect(log.length).toBeGreaterThan(10);
    const text = log.join('');
    for (const key of keys) expect(text).not.toContain(key.streamKey);
    expect(text).not.toMatch(/live_[0-9a-f]{40}/);
    // And the remux never complained (a corrupted FLV fan-out would show here).
    expect(text).not.toContain('HLS remux ended with an error');
  });
});
