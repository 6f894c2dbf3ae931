import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerInfo, StreamKey, StreamState } from '@studio/contract/live';
import { summarizePlaylist } from '../../src/modules/lives/recording-playlist';
import { streamKeyRepository } from '../../src/modules/lives/stream-key-repository';
import { sessionCookieName } from '../../src/plugins/session';
import { sessionRepository } from '../../src/plugins/session-repository';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { freePort } from '../global-setup';
import { createTestDatabase } from '../helper';
import { spawnServer, stopServers, untilReady, type ServerProcess } from '../server-process';
import { startEncoder, type Encoder } from './encoder';

/**
 * Commands lost between web instances and ingest nodes, and nodes that all died (issue 22, decision 059),
 * with real server processes on one test database and one DATA_DIR: a `web` instance, a `worker`, and an
 * ingest node whose announced internal address refuses every connection, so every command a web
 * instance sends it (on air, off air, kick) is lost. What PostgreSQL says is what the node and the
 * readers go by: the node ends the recording of a live closed elsewhere and the publisher of a key
 * reissued elsewhere on its heartbeat; a flag of a node whose heartbeat is older than the failover window
 * is void to the readers at once and cleared by the worker.
 */
const SECRET = 'ingest-nodes-internal-secret-0123456789';
const HEARTBEAT_SECONDS = 1;
const TIMEOUT_SECONDS = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let cookie: string;
let channel: number;
/** Nothing listens here: a command sent to it is refused, as to a node briefly unreachable. */
let refusingUrl: string;
let web: ServerProcess;
const servers: ServerProcess[] = [];
const encoders: Encoder[] = [];

async function start(roles: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const server = spawnServer({
    port: await freePort(),
    databaseUrl: database.url,
    dataDir,
    env: {
      ROLES: roles,
      RTMP_INGEST: roles.includes('ingest') ? 'embedded' : 'off',
      INGEST_INTERNAL_SECRET: SECRET,
      INGEST_HEARTBEAT_SECONDS: String(HEARTBEAT_SECONDS),
      INGEST_NODE_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      LIVE_RECONNECT_GRACE_SECONDS: '120',
      ...env,
    },
  });
  servers.push(server);
  // Generous: the machine running the tests is shared; start-up is not what this test measures.
  return untilReady(server, 180_000);
}

const said = () => servers.map((server) => `${server.base}: ${server.output().slice(-2000)}`).join('\n');

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number, what: string): Promise<T> {
  for (const started = Date.now(); ; ) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms (last: ${JSON.stringify(value)})\n${said()}`);
    await sleep(200);
  }
}

const call = (url: string, method = 'GET') => fetch(new URL(url, web.base), { method, headers: { cookie, origin: web.base } });
const api = () => `/api/channels/${channel}/lives`;
const stateOf = async (liveId: number) => (await (await call(`${api()}/streams/state/${liveId}`)).json()) as StreamState;
const keyRow = (id: number) => database.db.selectFrom('stream_keys').select(['publishing_since', 'publishing_node', 'receiving_since']).where('id', '=', id).executeTakeFirstOrThrow();
const playlist = (liveId: number) => readFile(path.join(dataDir, 'live', String(liveId), 'index.m3u8'), 'utf8').catch(() => '');

async function newKeyAndLive(title: string): Promise<{ key: StreamKey; liveId: number }> {
  const created = await call(`${api()}/streams?title=${encodeURIComponent(title)}`, 'POST');
  expect(created.status, await created.clone().text()).toBe(201);
  const { kampChannelId } = (await created.json()) as { kampChannelId: string };
  const key = ((await (await call(`${api()}/streams`)).json()) as StreamKey[]).find((row) => row.kampChannelId === kampChannelId)!;
  const liveId = ((await (await call(`${api()}/create?kampChannelId=${kampChannelId}`, 'POST')).json()) as { liveId: number }).liveId;
  return { key, liveId };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'studio-test-ingest-nodes-'));
  refusingUrl = `http://127.0.0.1:${await freePort()}`;
  database = await createTestDatabase();
  const owner = await createPerson(database.db);
  channel = await createChannel(database.db, { status: 'SERVICE', live_status: 'SERVICE' });
  await addMember(database.db, channel, owner.userId, 'OWNER');
  cookie = `${sessionCookieName(false)}=${await sessionRepository(database.db).create(owner.userId, null, new Date(Date.now() + 86_400_000), new Date())}`;
  // Web alone first: no worker sweeps, so what the readers answer is theirs alone.
  web = await start('web');
}, 240_000);

afterAll(async () => {
  await Promise.all(encoders.map((encoder) => encoder.stop()));
  await stopServers(servers);
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 90_000);

describe('ingest nodes that are all dead (decision 059)', () => {
  it('their claims are void to the readers once their heartbeats pass the window; a new node claims at once; a worker clears them and the on-air live waits out the grace period', async () => {
    const onAir = await newKeyAndLive('죽은 노드 A');
    const ready = await newKeyAndLive('죽은 노드 B');
    // Two nodes beating now, each holding a key; no ingest process runs.
    await database.db
      .insertInto('ingest_nodes')
      .values(['dead-a', 'dead-b'].map((id) => ({ id, internal_url: refusingUrl, started_at: sql<Date>`now()`, heartbeat_at: sql<Date>`now()` })))
      .execute();
    // Each has its video (receiving_since: its hub's first keyframe, decision 062).
    await database.db.updateTable('stream_keys').set({ publishing_since: new Date(), publishing_node: 'dead-a', receiving_since: new Date() }).where('id', '=', onAir.key.id).execute();
    await database.db.updateTable('stream_keys').set({ publishing_since: new Date(), publishing_node: 'dead-b', receiving_since: new Date() }).where('id', '=', ready.key.id).execute();
    const beatenAt = Date.now();

    // While their heartbeats are fresh, the keys are received: A's live goes on air.
    expect((await stateOf(ready.liveId)).reception).toBe('RECEIVING');
    const started = await call(`${api()}/${onAir.liveId}/start`, 'POST');
    expect(started.status, await started.clone().text()).toBe(200);
    expect((await stateOf(onAir.liveId)).reception).toBe('RECEIVING');

    // Nobody beats again: past the window neither key is "receiving", though both flags are still written.
    const idle = await until(() => stateOf(ready.liveId), (state) => state.reception !== 'RECEIVING', (TIMEOUT_SECONDS + 10) * 1000, 'B no longer receiving');
    console.info(`[ingest-nodes] a dead node's key no longer receiving ${Date.now() - beatenAt} ms after its last heartbeat (window ${TIMEOUT_SECONDS} s)`);
    expect(idle).toMatchObject({ reception: 'IDLE', connectedAt: null, video: null });
    expect(Date.now() - beatenAt).toBeGreaterThanOrEqual(TIMEOUT_SECONDS * 1000 - 500);
    expect((await stateOf(onAir.liveId)).reception).toBe('IDLE');
    expect(await keyRow(ready.key.id)).toMatchObject({ publishing_node: 'dead-b' });
    // A READY live of a key nobody receives does not go on air.
    const refused = await call(`${api()}/${ready.liveId}/start`, 'POST');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'LIVE_NOT_RECEIVING' });

    // The claim statement (a WHIP session's, a node's reclaim) takes a dead node's key at once; a living node's it does not.
    const keys = streamKeyRepository(database.db, TIMEOUT_SECONDS);
    await database.db.insertInto('ingest_nodes').values({ id: 'new-node', internal_url: refusingUrl, started_at: sql<Date>`now()`, heartbeat_at: sql<Date>`now()` }).execute();
    expect(await keys.claimPublishing(ready.key.id, new Date(), 'new-node')).toBe(true);
    expect(await keyRow(ready.key.id)).toMatchObject({ publishing_node: 'new-node' });
    expect(await keys.claimPublishing(ready.key.id, new Date(), 'another-node')).toBe(false);
    // The claim alone is no reception (decision 062): IDLE, an encoder awaited; the node's first keyframe makes it RECEIVING.
    expect(await stateOf(ready.liveId)).toMatchObject({ reception: 'IDLE', awaitingVideo: true });
    expect(await keys.setReceiving(ready.key.id, new Date(), 'another-node')).toBe(false);
    expect(await keys.setReceiving(ready.key.id, new Date(), 'new-node')).toBe(true);
    expect(await stateOf(ready.liveId)).toMatchObject({ reception: 'RECEIVING', awaitingVideo: false });
    await database.db.deleteFrom('ingest_nodes').where('id', '=', 'new-node').execute();

    // A worker lets the dead node's flag go: the on-air live is interrupted and its grace period runs.
    await start('worker');
    await until(() => keyRow(onAir.key.id), (row) => row.publishing_since === null, (HEARTBEAT_SECONDS + 15) * 1000, "A's flag cleared by the worker");
    expect(await keyRow(onAir.key.id)).toEqual({ publishing_since: null, publishing_node: null, receiving_since: null });
    const interrupted = await until(() => stateOf(onAir.liveId), (state) => state.reception === 'INTERRUPTED', 10_000, 'the on-air live interrupted');
    expect(interrupted.status).toBe('START');
    expect(interrupted.graceEndsAt).not.toBeNull();
    // new-node's flag (its row gone) is let go the same way.
    await until(() => keyRow(ready.key.id), (row) => row.publishing_since === null, (HEARTBEAT_SECONDS + 15) * 1000, "new-node's flag cleared");
  }, 120_000);
});

describe('commands lost on the way to an ingest node (decision 059)', () => {
  it('the node ends the recording of a live closed elsewhere, and the publisher of a key reissued elsewhere, on its heartbeat', async () => {
    const rtmpPort = await freePort();
    const node = await start('ingest', {
      RTMP_PORT: String(rtmpPort),
      RTMP_HOST: '127.0.0.1',
      INGEST_NODE_ID: 'node-lost',
      INGEST_INTERNAL_PORT: '0',
      // Announced where nothing answers: every command of the web instance is refused.
      INGEST_INTERNAL_URL: refusingUrl,
      LOG_LEVEL: 'info',
    });
    const { key, liveId } = await newKeyAndLive('명령이 사라진 라이브');
    const encoder = startEncoder(`rtmp://127.0.0.1:${rtmpPort}/live/${key.streamKey}`);
    encoders.push(encoder);
    let encoderExited = false;
    void encoder.exited.then(() => (encoderExited = true));
    await until(() => stateOf(liveId), (state) => state.reception === 'RECEIVING', 30_000, 'receiving on the node');
    expect(await keyRow(key.id)).toMatchObject({ publishing_node: 'node-lost' });

    // On air: the command is refused; the node's heartbeat starts the recording (decision 050).
    const started = await call(`${api()}/${liveId}/start`, 'POST');
    expect(started.status, await started.clone().text()).toBe(200);
    await until(() => playlist(liveId), (text) => summarizePlaylist(text).segments >= 3, 30_000, 'three segments recorded');

    // The close is answered; its off-air command to the node is refused.
    const closed = await call(`${api()}/${liveId}/close`, 'POST');
    expect(closed.status, await closed.clone().text()).toBe(200);
    const closedAt = Date.now();
    await until(async () => web.output(), (text) => text.includes('ingest node not reached') && text.includes(`/lives/${liveId}/off-air`), 10_000, 'the off-air command lost');

    // The node ends the recording by itself within a heartbeat and ffmpeg's flush, the encoder still publishing.
    const ended = await until(() => playlist(liveId), (text) => summarizePlaylist(text).ended, (HEARTBEAT_SECONDS + 20) * 1000, 'the recording ended by the node');
    const endedAfterMs = Date.now() - closedAt;
    expect(endedAfterMs, `ended ${endedAfterMs} ms after the close`).toBeLessThan((HEARTBEAT_SECONDS + 8) * 1000);
    console.info(`[ingest-nodes] recording ended ${endedAfterMs} ms after a close whose off-air was lost (heartbeat ${HEARTBEAT_SECONDS} s)`);
    // By the heartbeat (its line comes once the recording is stored).
    await until(async () => node.output(), (text) => text.includes('their off-air did not arrive'), 10_000, "the node's account of it");
    expect(encoderExited, 'a close does not disconnect the encoder').toBe(false);
    await sleep(2_000);
    expect(await playlist(liveId), 'nothing recorded after the end').toBe(ended);

    // Finished as a normal close: the replay is made from the whole recording.
    const info = await until(async () => (await (await call(`${api()}/${liveId}/player-info`)).json()) as PlayerInfo, (value) => value.replayState !== 'PENDING', 60_000, 'the replay settled');
    expect(info.replayState).toBe('READY');
    expect(Math.abs(info.replayDurationSeconds! - summarizePlaylist(ended).durationSeconds)).toBeLessThan(1);

    // The key is reissued; its kick to the node is refused; the node disconnects the publisher of the old secret.
    const next = ((await (await call(`${api()}/${liveId}/clone`, 'POST')).json()) as { liveId: number }).liveId;
    expect((await stateOf(next)).reception).toBe('RECEIVING');
    const reissued = await call(`${api()}/streams/reissue/${key.kampChannelId}`, 'POST');
    expect(reissued.status).toBe(200);
    const reissuedAt = Date.now();
    await until(async () => web.output(), (text) => text.includes(`/streams/${key.id}/kick`), 10_000, 'the kick lost');
    const exited = await Promise.race([encoder.exited, sleep((HEARTBEAT_SECONDS + 20) * 1000).then(() => null)]);
    expect(exited, 'the encoder of the old secret disconnected').not.toBeNull();
    const kickedAfterMs = Date.now() - reissuedAt;
    expect(kickedAfterMs).toBeLessThan((HEARTBEAT_SECONDS + 5) * 1000);
    console.info(`[ingest-nodes] publisher of the old secret disconnected ${kickedAfterMs} ms after a reissue whose kick was lost`);
    await until(async () => node.output(), (text) => text.includes('their kick did not arrive'), 10_000, "the node's account of it");
    await until(() => keyRow(key.id), (row) => row.publishing_since === null, 10_000, 'the flag let go');
    expect((await stateOf(next)).reception).toBe('IDLE');
  }, 240_000);
});
