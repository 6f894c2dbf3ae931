import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReadableStreamReadResult } from 'node:stream/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerInfo, StreamKey, StreamState } from '@studio/contract/live';
import type { ObjectStore } from '../../src/media/stores/object-store';
import { sessionCookieName } from '../../src/plugins/session';
import { sessionRepository } from '../../src/plugins/session-repository';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { freePort } from '../global-setup';
import { createTestDatabase } from '../helper';
import { startEncoder, type Encoder } from '../lives/encoder';
import { filesUnder, spawnServer, stopServers, untilReady, type ServerProcess } from '../server-process';
import { NGINX, pollerSaying, startBalancer, startObjectStore } from './balancer';

/**
 * Lives past one machine (issue 22, decision 050): nginx in front of two `web` instances, one `worker`
 * and ingest nodes as processes of their own, on a real S3 store (Ceph RGW on memstore). ffmpeg
 * publishes over RTMP to ingest node A; through both web instances the live is "receiving" with its
 * figures and its private preview plays (the web proxies the node's FLV); a second node starting beside
 * A leaves A's streams alone; on air, node A records HLS into the bucket and it plays through both web
 * instances; reissuing the key ends the encoder's session on A; A is killed, its heartbeat expires, the
 * encoder reconnecting to node B continues the same live within the grace period; closing it makes the
 * replay. No web instance writes a live file to its disk.
 */
const BUCKET = 'studio-balanced-lives';
const SECRET = 'balanced-lives-internal-secret-0123456789';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Instance = ServerProcess & { dataDir: string; rtmpPort?: number };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dir: string;
let objectStore: Awaited<ReturnType<typeof startObjectStore>> | undefined;
let bucket: ObjectStore;
let storeEnv: Record<string, string>;
let nginx: ChildProcess;
let origin: string;
let cookie: string;
let channel: number;
const webs: Instance[] = [];
const others: Instance[] = [];
const encoders: Encoder[] = [];

async function startInstance(roles: string, env: Record<string, string> = {}): Promise<Instance> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(dir, `${roles}-`));
  const common = { ROLES: roles, PUBLIC_URL: origin, RTMP_INGEST: 'off', INGEST_INTERNAL_SECRET: SECRET, LIVE_RECONNECT_GRACE_SECONDS: '60', INGEST_HEARTBEAT_SECONDS: '1', INGEST_NODE_TIMEOUT_SECONDS: '3' };
  const server = spawnServer({ port, databaseUrl: database.url, dataDir, env: { ...common, ...storeEnv, ...env } });
  // Generous: the machine running the tests may be shared; start-up is not what this test measures.
  return { ...(await untilReady(server, 180_000)), dataDir };
}

async function startIngest(id: string): Promise<Instance> {
  const rtmpPort = await freePort();
  const node = await startInstance('ingest', { RTMP_INGEST: 'embedded', RTMP_PORT: String(rtmpPort), RTMP_HOST: '127.0.0.1', INGEST_NODE_ID: id, INGEST_INTERNAL_PORT: '0' });
  others.push(node);
  return { ...node, rtmpPort };
}

const instancesSaid = () =>
  [...webs, ...others].map((instance) => `${instance.base} (exit ${instance.child.exitCode ?? instance.child.signalCode ?? 'none'}): ${instance.output().slice(-1500)}`).join('\n');

const eventually = pollerSaying(instancesSaid);

const at = (base: string, url: string, init: RequestInit = {}) => fetch(new URL(url, base), { ...init, headers: { cookie, origin, ...(init.headers as Record<string, string> | undefined) } });
const through = (url: string, init: RequestInit = {}) => at(origin, url, init);
const api = () => `/api/channels/${channel}/lives`;
const stateOn = async (base: string, liveId: number) => (await (await at(base, `${api()}/streams/state/${liveId}`)).json()) as StreamState;
const keyRow = (id: number) => database.db.selectFrom('stream_keys').select(['publishing_since', 'publishing_node']).where('id', '=', id).executeTakeFirstOrThrow();
const segmentCount = (text: string) => text.match(/segment-\d{5}\.ts/g)?.length ?? 0;

function publish(node: Instance, secret: string): Encoder {
  const encoder = startEncoder(`rtmp://127.0.0.1:${node.rtmpPort}/live/${secret}`);
  encoders.push(encoder);
  return encoder;
}

/** Reads the preview through one web instance until a video tag has come: the FLV header, then tags of type 9. */
async function previewThrough(base: string, liveId: number): Promise<Buffer> {
  const controller = new AbortController();
  const response = await at(base, `${api()}/${liveId}/preview.flv`, { signal: controller.signal });
  expect(response.status, `${base}: ${response.status}`).toBe(200);
  expect(response.headers.get('content-type')).toBe('video/x-flv');
  const reader = response.body!.getReader();
  let received = Buffer.alloc(0);
  const hasVideoTag = () => {
    // After the 9-byte header and a 4-byte previous-tag size: tags of 11-byte headers, each followed by its size.
    for (let offset = 13; offset + 11 <= received.length; ) {
      if (received[offset] === 9) return true;
      offset += 11 + received.readUIntBE(offset + 1, 3) + 4;
    }
    return false;
  };
  const deadline = Date.now() + 10_000;
  while (!hasVideoTag() && Date.now() < deadline) {
    const chunk: ReadableStreamReadResult<Uint8Array> = await reader.read();
    if (chunk.done) break;
    received = Buffer.concat([received, Buffer.from(chunk.value)]);
  }
  controller.abort();
  expect(received.subarray(0, 3).toString()).toBe('FLV');
  expect(hasVideoTag(), `a video tag through ${base}`).toBe(true);
  return received;
}

async function playlistOn(base: string, liveId: number, enough: (text: string) => boolean, what: string): Promise<string> {
  return eventually(
    async () => {
      const response = await fetch(new URL(`/live/${liveId}/index.m3u8`, base));
      return response.ok ? await response.text() : '';
    },
    enough,
    20_000,
    `${what} through ${base}`,
  );
}

beforeAll(async () => {
  expect(existsSync(NGINX), 'nginx (run scripts/ensure-media-tools.mjs --nginx)').toBe(true);
  dir = await mkdtemp(path.join(tmpdir(), 'studio-balanced-lives-'));
  objectStore = await startObjectStore(dir, BUCKET);
  bucket = objectStore.bucket;
  storeEnv = objectStore.env;

  database = await createTestDatabase();
  const owner = await createPerson(database.db, { login: 'creator', name: '김크리에이터' });
  channel = await createChannel(database.db, { status: 'SERVICE', live_status: 'SERVICE' });
  await addMember(database.db, channel, owner.userId, 'OWNER');
  cookie = `${sessionCookieName(false)}=${await sessionRepository(database.db).create(owner.userId, null, new Date(Date.now() + 86_400_000), new Date())}`;

  const nginxPort = await freePort();
  origin = `http://127.0.0.1:${nginxPort}`;
  // The first instance makes the account service's keys; the others read them.
  webs.push(await startInstance('web'));
  const started = await Promise.all([startInstance('web'), startInstance('worker')]);
  webs.push(started[0]);
  others.push(started[1]);
  nginx = await startBalancer(dir, nginxPort, webs.map((web) => Number(new URL(web.base).port)));
  await eventually(() => fetch(`${origin}/healthz`).then((response) => response.ok, () => false), Boolean, 10_000, 'nginx listening');
}, 480_000);

afterAll(async () => {
  await Promise.all(encoders.map((encoder) => encoder.stop()));
  nginx?.kill('SIGTERM');
  await stopServers([...webs, ...others]);
  await database?.drop();
  await objectStore?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

describe('lives through the balancer: two web instances, a worker, ingest nodes of their own, one S3 store', () => {
  it('receives, previews and records on node A through both web instances; a reissue ends the session; B continues the live when A dies; the close makes the replay', async () => {
    const nodeA = await startIngest('ingest-a');
    const created = await through(`${api()}/streams?title=${encodeURIComponent('노드 넘어 라이브')}`, { method: 'POST' });
    expect(created.status, await created.clone().text()).toBe(201);
    const { kampChannelId } = (await created.json()) as { kampChannelId: string };
    const key = ((await (await through(`${api()}/streams`)).json()) as StreamKey[]).find((row) => row.kampChannelId === kampChannelId)!;
    const liveId = ((await (await through(`${api()}/create?kampChannelId=${kampChannelId}`, { method: 'POST' })).json()) as { liveId: number }).liveId;

    // Received on A: "receiving" with the stream's figures (asked of A) through either web instance.
    let encoder = publish(nodeA, key.streamKey);
    for (const web of webs) {
      const state = await eventually(() => stateOn(web.base, liveId), (value) => value.reception === 'RECEIVING' && value.video !== null, 15_000, `receiving through ${web.base}`);
      expect(state.video).toMatchObject({ codec: 'H.264', width: 640, height: 360 });
    }
    expect(await keyRow(key.id)).toMatchObject({ publishing_node: 'ingest-a' });
    const info = (await (await through(`${api()}/${liveId}/player-info`)).json()) as PlayerInfo;
    expect(info.preview?.type).toBe('flv');
    // The private preview plays through both (each proxies A's FLV), and only with the session.
    for (const web of webs) await previewThrough(web.base, liveId);
    expect((await fetch(new URL(`${api()}/${liveId}/preview.flv`, origin))).status).toBe(401);

    // A second node starts beside A: it leaves A's flag alone (its start-up clears only its own and dead nodes').
    const nodeB = await startIngest('ingest-b');
    expect(await keyRow(key.id)).toMatchObject({ publishing_node: 'ingest-a' });
    expect((await stateOn(webs[1]!.base, liveId)).reception).toBe('RECEIVING');
    const nodes = await database.db.selectFrom('ingest_nodes').select('id').orderBy('id').execute();
    expect(nodes.map((node) => node.id)).toEqual(['ingest-a', 'ingest-b']);

    // On air: A records HLS into the bucket; it plays through both web instances.
    const started = await through(`${api()}/${liveId}/start`, { method: 'POST' });
    expect(started.status, await started.clone().text()).toBe(200);
    for (const web of webs) await playlistOn(web.base, liveId, (text) => segmentCount(text) > 0, 'a playlist with a segment');
    const firstPlaylist = await playlistOn(origin, liveId, (text) => segmentCount(text) > 0, 'a playlist');
    const segmentName = /segment-\d{5}\.ts/.exec(firstPlaylist)![0];
    for (const web of webs) {
      const segment = await fetch(new URL(`/live/${liveId}/${segmentName}`, web.base));
      expect(segment.status).toBe(200);
      expect(segment.headers.get('content-type')).toBe('video/mp2t');
      expect((await segment.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    }
    expect(await bucket.head(`live/${liveId}/${segmentName}`)).not.toBeNull();

    // Reissuing the key (through the balancer, on whichever web instance) ends the encoder's session on A.
    const reissued = await through(`${api()}/streams/reissue/${kampChannelId}`, { method: 'POST' });
    expect(reissued.status).toBe(200);
    const newSecret = ((await reissued.json()) as StreamKey).streamKey;
    const kicked = await Promise.race([encoder.exited, sleep(5000).then(() => null)]);
    expect(kicked, 'the encoder was disconnected').not.toBeNull();
    await eventually(() => stateOn(origin, liveId), (value) => value.reception === 'INTERRUPTED', 10_000, 'interrupted after the reissue');
    encoder = publish(nodeA, newSecret);
    await eventually(() => stateOn(origin, liveId), (value) => value.reception === 'RECEIVING', 15_000, 'receiving again on A with the new key');
    const beforeFailover = segmentCount(await playlistOn(origin, liveId, (text) => segmentCount(text) > segmentCount(firstPlaylist), 'the recording going on'));

    // A dies with the key publishing: its heartbeat expires, B lets its flag go and the live waits out the grace period.
    nodeA.child.kill('SIGKILL');
    await nodeA.exited;
    await encoder.exited;
    await eventually(() => stateOn(origin, liveId), (value) => value.reception === 'INTERRUPTED', 15_000, 'interrupted once A is taken for dead');
    expect(await keyRow(key.id)).toEqual({ publishing_since: null, publishing_node: null });
    // The encoder reconnects to B: accepted, the same live goes on, recorded after A's segments.
    encoder = publish(nodeB, newSecret);
    for (const web of webs) {
      const state = await eventually(() => stateOn(web.base, liveId), (value) => value.reception === 'RECEIVING' && value.video !== null, 15_000, `receiving on B through ${web.base}`);
      expect(state.status).toBe('START');
    }
    expect(await keyRow(key.id)).toMatchObject({ publishing_node: 'ingest-b' });
    await previewThrough(webs[0]!.base, liveId);
    const continued = await playlistOn(origin, liveId, (text) => segmentCount(text) > beforeFailover + 1, 'B appending to the recording');
    expect(continued).toContain('#EXT-X-DISCONTINUITY');
    const names = continued.match(/segment-\d{5}\.ts/g)!;
    expect(new Set(names).size, 'no segment of A written over').toBe(names.length);

    // The close ends B's recording and makes the replay, which plays through both web instances.
    const closed = await through(`${api()}/${liveId}/close`, { method: 'POST' });
    expect(closed.status, await closed.clone().text()).toBe(200);
    const replay = await eventually(async () => (await (await through(`${api()}/${liveId}/player-info`)).json()) as PlayerInfo, (value) => value.replayState !== 'PENDING', 30_000, 'the replay settled');
    expect(replay.replayState).toBe('READY');
    for (const web of webs) await playlistOn(web.base, liveId, (text) => text.includes('#EXT-X-ENDLIST') && segmentCount(text) >= names.length, 'the replay playlist');
    await encoder.stop();

    // Nothing of the live on a web instance's disk.
    for (const web of webs) expect(filesUnder(path.join(web.dataDir, 'live')), web.base).toEqual([]);
  }, 420_000);
});
