import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamState } from '@studio/contract/live';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDb } from '../../src/db/database';
import type { Db } from '../../src/db/schema';
import { WHIP_DELETES_PER_MINUTE } from '../../src/modules/lives/whip-routes';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { freePort } from '../global-setup';
import { call, createTestApp, type TestContext } from '../helper';
import { eventually } from './encoder';
import { newKeyAndLive as keyAndLive } from './stream-keys';
import { startWhipClient, whipOffer, type WhipClient } from './whip-client';

/**
 * WHIP in a split deployment (issue 22, point 2): the balancer sends /ingest/whip to the `web`
 * instances, which have no ingest of their own. The web instance checks the key and hands the offer
 * to an ingest node on its internal listener; the media then flows to that node, the live is
 * "receiving" through the web, and the session's DELETE, reaching a web instance, ends it on the node.
 * The offer's refusals come back with their codes; with no node to take it, 503 WHIP_SESSION_LIMIT.
 * Real parts: werift offering as a browser does, ffmpeg encoding, the node's werift and ffmpeg.
 */

const SECRET = 'whip-nodes-internal-secret-0123456789abcdef';

let t: TestContext;
let webBase: string;
let node: FastifyInstance | null = null;
let nodeDb: Db;
let nodeDir: string;
let channelId: number;
let owner: string;
const clients: WhipClient[] = [];

const newKeyAndLive = (title: string) => keyAndLive(t.app, channelId, owner, title);
const state = async (liveId: number) => (await call(t.app, 'GET', `/api/channels/${channelId}/lives/streams/state/${liveId}`, owner)).json<StreamState>();
const codeOf = async (response: Response) => ((await response.json()) as { code: string }).code;
const offerTo = (sdp: string, secret: string) => fetch(`${webBase}/ingest/whip`, { method: 'POST', headers: { 'content-type': 'application/sdp', authorization: `Bearer ${secret}` }, body: sdp });

/** An ingest node on the test's database: RTMP and WHIP, its internal listener, no HTTP route of the studio used. */
async function startNode(): Promise<FastifyInstance> {
  const config = loadConfig({
    ...{ PORT: '8080', DEMO: 'false', NODE_ENV: 'test', LOG_LEVEL: 'silent', SESSION_IDLE_HOURS: '2160', METRICS_PORT: '0', FFMPEG_PATH: '/usr/bin/ffmpeg' },
    ...{ ROLES: 'ingest', DATA_DIR: nodeDir, RTMP_INGEST: 'embedded', RTMP_PORT: '0', RTMP_HOST: '127.0.0.1' },
    ...{ INGEST_NODE_ID: 'node-a', INGEST_INTERNAL_PORT: '0', INGEST_INTERNAL_SECRET: SECRET, INGEST_HEARTBEAT_SECONDS: '1', INGEST_NODE_TIMEOUT_SECONDS: '3' },
  });
  const app = await buildApp({ config, db: nodeDb, clock: t.clock, logger: false, backgroundJobs: true });
  await app.ready();
  return app;
}

beforeAll(async () => {
  nodeDir = await mkdtemp(path.join(tmpdir(), 'whip-node-'));
  // The web instance: no ingest of its own, the nodes' secret to reach them.
  t = await createTestApp({ env: { ROLES: 'web,worker', INGEST_INTERNAL_SECRET: SECRET, INGEST_HEARTBEAT_SECONDS: '1', INGEST_NODE_TIMEOUT_SECONDS: '3', STREAM_KEY_ATTEMPTS_PER_MINUTE: '20' }, backgroundJobs: true });
  webBase = await t.app.listen({ port: 0, host: '127.0.0.1' });
  nodeDb = createDb(t.url, { max: 4, connectTimeoutMs: 10_000, statementTimeoutMs: 20_000 });
  node = await startNode();
  const person = await createPerson(t.db, { name: '소유자' });
  channelId = await createChannel(t.db, { name: '분리된 송출', status: 'SERVICE', live_status: 'SERVICE' });
  await addMember(t.db, channelId, person.userId, 'OWNER');
  owner = await t.cookieFor(person.userId);
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.stop()));
  await node?.close();
  await nodeDb?.destroy();
  await t?.close();
  await rm(nodeDir, { recursive: true, force: true });
}, 60_000);

describe('WHIP through a web instance without an ingest of its own', () => {
  it('hands the offer to the ingest node: receiving through the web, and a DELETE reaching the web ends it on the node, once', async () => {
    expect(t.app.whipSessions()).toBe(0);
    const { key, liveId } = await newKeyAndLive('분리 송출');
    const client = await startWhipClient(`${webBase}/ingest/whip`, key.streamKey);
    clients.push(client);
    expect(client.status, client.body).toBe(201);
    expect(client.body).toMatch(/^v=0/);
    expect(client.location).toMatch(/^\/ingest\/whip\/[0-9a-f]{32}$/);
    // The session is the node's: the web holds none.
    expect(node!.whipSessions()).toBe(1);
    expect(t.app.whipSessions()).toBe(0);
    await eventually(async () => (await state(liveId)).reception === 'RECEIVING', 10_000, 'receiving through the web');

    const ended = await fetch(`${webBase}${client.location!}`, { method: 'DELETE' });
    expect(ended.status).toBe(200);
    expect(node!.whipSessions()).toBe(0);
    await eventually(async () => (await state(liveId)).reception !== 'RECEIVING', 10_000, 'no longer receiving');
    const again = await fetch(`${webBase}${client.location!}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(await codeOf(again)).toBe('WHIP_SESSION_NOT_FOUND');
  }, 60_000);

  it('answers the node\'s refusals with their codes, and a wrong key with its own', async () => {
    const { key } = await newKeyAndLive('거절');
    const vp8 = await whipOffer('VP8');
    await vp8.pc.close();
    const refused = await offerTo(vp8.sdp, key.streamKey);
    expect(refused.status).toBe(400);
    expect(await codeOf(refused)).toBe('WHIP_CODEC_UNSUPPORTED');
    const garbage = await offerTo('v=0\r\nnot an offer', key.streamKey);
    expect(garbage.status).toBe(400);
    expect(await codeOf(garbage)).toBe('WHIP_SDP_INVALID');
    const wrong = await offerTo('v=0\r\n', 'not-a-key');
    expect(wrong.status).toBe(401);
    expect(await codeOf(wrong)).toBe('WHIP_KEY_REFUSED');
    expect(node!.whipSessions()).toBe(0);
  }, 30_000);

  it('passes over a node that cannot be reached, and answers 503 WHIP_SESSION_LIMIT when no node takes the offer', async () => {
    // A node the registry holds alive whose internal listener is gone (its port closed).
    const deadPort = await freePort();
    await sql`INSERT INTO ingest_nodes (id, internal_url, started_at, heartbeat_at) VALUES ('node-dead', ${`http://127.0.0.1:${deadPort}`}, now(), now())`.execute(t.db);
    const keepAlive = setInterval(() => void sql`UPDATE ingest_nodes SET heartbeat_at = now() WHERE id = 'node-dead'`.execute(t.db).catch(() => undefined), 500);
    try {
      // Two keys next to each other: one of them starts at the dead node, whichever order the nodes are in.
      for (const title of ['첫째 키', '둘째 키']) {
        const { key, liveId } = await newKeyAndLive(title);
        const client = await startWhipClient(`${webBase}/ingest/whip`, key.streamKey);
        clients.push(client);
        expect(client.status, client.body).toBe(201);
        await eventually(async () => (await state(liveId)).reception === 'RECEIVING', 10_000, `receiving (${title})`);
        expect((await fetch(`${webBase}${client.location!}`, { method: 'DELETE' })).status).toBe(200);
      }
      expect(node!.whipSessions()).toBe(0);

      // Only the dead node left.
      const { key } = await newKeyAndLive('노드 없음');
      await node!.close();
      node = null;
      const offer = await whipOffer();
      await offer.pc.close();
      const response = await offerTo(offer.sdp, key.streamKey);
      expect(response.status).toBe(503);
      expect(await codeOf(response)).toBe('WHIP_SESSION_LIMIT');
    } finally {
      clearInterval(keepAlive);
    }
  }, 90_000);

  it('bounds the session ends one address may ask for, each of which may be asked of every node', async () => {
    const random = () => Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
    const answers = await Promise.all(Array.from({ length: WHIP_DELETES_PER_MINUTE + 5 }, () => fetch(`${webBase}/ingest/whip/${random()}`, { method: 'DELETE' }).then((response) => response.status)));
    // The tests above asked a few of this minute's already (same address).
    expect(answers.filter((status) => status !== 404 && status !== 429)).toEqual([]);
    expect(answers.filter((status) => status === 404).length).toBeLessThanOrEqual(WHIP_DELETES_PER_MINUTE);
    expect(answers.filter((status) => status === 429).length).toBeGreaterThanOrEqual(5);
  }, 30_000);
});
