import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamState } from '@studio/contract/live';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { call, createTestApp, type TestContext } from '../helper';
import { newKeyAndLive as keyAndLive } from './stream-keys';
import { eventually } from './encoder';
import { startWhipClient, whipOffer, type WhipClient } from './whip-client';

/**
 * The WHIP ingest (issue 24, point 2) with real parts: werift offers as a browser does, ffmpeg
 * encodes the picture and tone it sends, the server's werift and ffmpeg put it into the hub.
 */

let t: TestContext;
let dataDir: string;
let channelId: number;
let owner: string;
let httpBase: string;
const clients: WhipClient[] = [];

const base = () => `/api/channels/${channelId}/lives`;
const endpoint = () => `${httpBase}/ingest/whip`;

const newKeyAndLive = (title: string) => keyAndLive(t.app, channelId, owner, title);

const state = async (liveId: number) => (await call(t.app, 'GET', `${base()}/streams/state/${liveId}`, owner)).json<StreamState>();

async function publish(secret: string): Promise<WhipClient> {
  const client = await startWhipClient(endpoint(), secret);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'whip-'));
  t = await createTestApp({
    env: { RTMP_INGEST: 'embedded', RTMP_PORT: '0', RTMP_HOST: '127.0.0.1', DATA_DIR: dataDir, LIVE_RECONNECT_GRACE_SECONDS: '4', FFMPEG_PATH: '/usr/bin/ffmpeg', STREAM_KEY_ATTEMPTS_PER_MINUTE: '20' },
    backgroundJobs: true,
  });
  httpBase = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const person = await createPerson(t.db, { name: '소유자' });
  channelId = await createChannel(t.db, { name: 'Studio Daily', status: 'SERVICE', live_status: 'SERVICE' });
  await addMember(t.db, channelId, person.userId, 'OWNER');
  owner = await t.cookieFor(person.userId);
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.stop()));
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

const post = (sdp: string, headers: Record<string, string>) => fetch(endpoint(), { method: 'POST', headers, body: sdp });
const bearer = (secret: string) => ({ 'content-type': 'application/sdp', authorization: `Bearer ${secret}` });
const codeOf = async (response: Response) => ((await response.json()) as { code: string }).code;

describe('WHIP ingest', () => {
  it('receives a browser-like publisher: receiving within 3 s with figures, HLS on start, DELETE ends it once', async () => {
    const { key, liveId } = await newKeyAndLive('whip');
    const postedAt = Date.now();
    const client = await publish(key.streamKey);
    const answeredAfter = Date.now() - postedAt;
    expect(client.status, client.body).toBe(201);
    expect(client.body).toMatch(/^v=0/);
    expect(client.location).toMatch(/^\/ingest\/whip\/[0-9a-f]{32}$/);
    await eventually(async () => (await state(liveId)).reception === 'RECEIVING', 3000, 'receiving');
    const receivingAfter = Date.now() - postedAt;
    // RECEIVING follows the first video keyframe at the hub (decision 062), written for every instance.
    const received = await t.db.selectFrom('stream_keys').select('receiving_since').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(received.receiving_since).not.toBeNull();
    expect((await state(liveId)).awaitingVideo).toBe(false);
    const measured = await eventually(
      async () => {
        const s = await state(liveId);
        return s.video && s.audio ? s : null;
      },
      10_000,
      'video and audio statistics',
    );
    console.log(`WHIP: answer ${answeredAfter} ms, receiving ${receivingAfter} ms, first figures ${Date.now() - postedAt} ms after the POST`);
    // H.264 passed through as it was sent, Opus made AAC.
    expect(measured.video).toMatchObject({ codec: 'H.264', width: 640, height: 360 });
    expect(measured.audio).toMatchObject({ codec: 'AAC', sampleRate: 48000 });

    const started = await call(t.app, 'POST', `${base()}/${liveId}/start`, owner);
    expect(started.statusCode, started.body).toBe(200);
    const playlist = await eventually(
      async () => {
        const response = await fetch(`${httpBase}/live/${liveId}/index.m3u8`);
        const text = response.ok ? await response.text() : '';
        return text.includes('.ts') ? text : null;
      },
      15_000,
      'an HLS playlist with a segment',
    );
    expect(playlist).not.toContain(key.streamKey);

    const deleted = await fetch(`${httpBase}${client.location}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    // The live on air waits for its encoder, as when OBS drops.
    await eventually(async () => (await state(liveId)).reception === 'INTERRUPTED', 5000, 'interrupted');
    const again = await fetch(`${httpBase}${client.location}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(await codeOf(again)).toBe('WHIP_SESSION_NOT_FOUND');
    expect((await call(t.app, 'POST', `${base()}/${liveId}/close`, owner)).statusCode).toBe(200);
  }, 60_000);

  it('refuses a wrong, missing or reissued key before any session, and a reissue ends the running one', async () => {
    const { key, liveId } = await newKeyAndLive('reissue');
    const { pc, sdp } = await whipOffer();
    try {
      const wrong = await post(sdp, bearer('live_0123456789abcdef0123456789abcdef01234567'));
      expect(wrong.status).toBe(401);
      expect(await codeOf(wrong)).toBe('WHIP_KEY_REFUSED');
      expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
      const missing = await post(sdp, { 'content-type': 'application/sdp' });
      expect(missing.status).toBe(401);
      expect(t.app.whipSessions()).toBe(0);
    } finally {
      await pc.close();
    }

    const client = await publish(key.streamKey);
    expect(client.status, client.body).toBe(201);
    await eventually(async () => (await state(liveId)).video !== null, 10_000, 'video');
    const reissued = await call(t.app, 'POST', `${base()}/streams/reissue/${key.kampChannelId}`, owner);
    expect(reissued.statusCode).toBe(200);
    await eventually(async () => (await state(liveId)).reception === 'IDLE', 5000, 'the session ended by the reissue');
    expect((await fetch(`${httpBase}${client.location}`, { method: 'DELETE' })).status).toBe(404);
    const old = await startWhipClient(endpoint(), key.streamKey);
    clients.push(old);
    expect(old.status).toBe(401);
  }, 60_000);

  it('accepts one of 50 parallel offers on one key; the others are told the key is busy', async () => {
    const { key, liveId } = await newKeyAndLive('parallel');
    const { pc, sdp } = await whipOffer();
    try {
      const answers = await Promise.all(Array.from({ length: 50 }, () => post(sdp, bearer(key.streamKey))));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(49);
      const busy = answers.find((answer) => answer.status === 409)!;
      expect(await codeOf(busy)).toBe('WHIP_KEY_BUSY');
      const accepted = answers.find((answer) => answer.status === 201)!;
      expect(t.app.whipSessions()).toBe(1);
      // Decision 062: the claim holds the key (the 49 others were refused), but no video has arrived: not
      // "receiving", and the page is told an encoder holds the key and its first frame is awaited.
      expect(await state(liveId)).toMatchObject({ reception: 'IDLE', awaitingVideo: true, video: null, connectedAt: null });
      const row = await t.db.selectFrom('stream_keys').select(['publishing_since', 'receiving_since']).where('id', '=', key.id).executeTakeFirstOrThrow();
      expect(row.publishing_since).not.toBeNull();
      expect(row.receiving_since).toBeNull();
      expect((await call(t.app, 'POST', `${base()}/${liveId}/start`, owner)).statusCode).toBe(409);
      // Nothing connects to it: DELETE ends it, and the key is free again.
      expect((await fetch(`${httpBase}${accepted.headers.get('location')}`, { method: 'DELETE' })).status).toBe(200);
      expect(t.app.whipSessions()).toBe(0);
      await eventually(async () => (await state(liveId)).reception === 'IDLE', 3000, 'idle');
      expect((await state(liveId)).awaitingVideo).toBe(false);
    } finally {
      await pc.close();
    }
  }, 60_000);

  it('answers a malformed offer 400 with a code, a wrong body type 415, and keeps serving', async () => {
    const { key } = await newKeyAndLive('malformed');
    const offers = [
      '',
      'hello',
      'v=0\r\n',
      'v=0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\na=ice-ufrag:x\r\na=fingerprint:sha-256 00\r\na=rtpmap:96 H264/90000\r\n',
      `v=0\r\n${'a=x\r\n'.repeat(20_000)}`,
      'v=0\r\nm=video 1 RTP 9\r\na=ice-ufrag:\r\na=fingerprint:\r\na=rtpmap:999 H264/90000\r\nm=audio x\r\n',
    ];
    for (const offer of offers) {
      const answer = await post(offer, bearer(key.streamKey));
      expect([400, 413], offer.slice(0, 40)).toContain(answer.status);
      if (answer.status === 400) expect(await codeOf(answer)).toMatch(/^WHIP_SDP_INVALID$|^VALIDATION_FAILED$/);
    }
    const { pc, sdp } = await whipOffer('VP8');
    try {
      const vp8 = await post(sdp, bearer(key.streamKey));
      expect(vp8.status).toBe(400);
      expect(await codeOf(vp8)).toBe('WHIP_CODEC_UNSUPPORTED');
      const json = await post(sdp, { 'content-type': 'application/json', authorization: `Bearer ${key.streamKey}` });
      expect(json.status).toBe(415);
      expect(await codeOf(json)).toBe('WHIP_MEDIA_TYPE');
    } finally {
      await pc.close();
    }
    expect(t.app.whipSessions()).toBe(0);
    const preflight = await fetch(endpoint(), { method: 'OPTIONS', headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('accept-post')).toBe('application/sdp');
    // No trickle ICE nor ICE restart: a session's PATCH is 405 with a code (RFC 9725 section 4.3.1), whatever its body.
    const patch = await fetch(`${endpoint()}/${'a'.repeat(32)}`, { method: 'PATCH', headers: { 'content-type': 'application/trickle-ice-sdpfrag' }, body: 'a=end-of-candidates\r\n' });
    expect(patch.status).toBe(405);
    expect(patch.headers.get('allow')).toBe('DELETE, OPTIONS');
    expect(await codeOf(patch)).toBe('WHIP_PATCH_UNSUPPORTED');
    expect((await fetch(`${httpBase}/healthz`)).status).toBe(200);
  }, 30_000);

  it('counts wrong keys with the RTMP ingest’s limiter: past them the address is refused unheard', async () => {
    const { key } = await newKeyAndLive('limiter');
    const { pc, sdp } = await whipOffer();
    try {
      let refused = 0;
      for (let attempt = 0; attempt < 25 && refused === 0; attempt += 1) {
        const answer = await post(sdp, bearer(`live_${String(attempt).padStart(40, '0')}`));
        if (answer.status === 429) refused += 1;
        else expect(answer.status).toBe(401);
      }
      expect(refused).toBe(1);
      // Even the right key now waits for the window to end.
      expect((await post(sdp, bearer(key.streamKey))).status).toBe(429);
    } finally {
      await pc.close();
    }
  }, 30_000);
});
