import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../../src/media/media-tool-paths';
import { LOOP_QUEUE } from '../../src/modules/loops/loop-processing';
import { sessionCookieName } from '../../src/plugins/session';
import { sessionRepository } from '../../src/plugins/session-repository';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { freePort } from '../global-setup';
import { createTestDatabase } from '../helper';
import { spawnServer, stopServers, untilReady, uploadLoop, type ServerProcess } from '../server-process';

/**
 * One program, roles chosen by ROLES: real server processes (`node --import tsx apps/server/src/main.ts`)
 * on one test database and one DATA_DIR. A `web` instance takes a loop's upload and queues its
 * transcode but never runs a job; a `worker` instance runs it and serves nothing but its health; the
 * loop completes once and `web` serves the result. An `ingest` instance listens for RTMP and is ready
 * only while it does.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;
let clip: string;
let cookie: string;
let channel: number;
const servers: ServerProcess[] = [];

async function spawnWith(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServer({ port: await freePort(), databaseUrl: database.url, dataDir, env });
  servers.push(server);
  return server;
}

const startServer = async (roles: string) => untilReady(await spawnWith({ ROLES: roles }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number, what: string): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - start > withinMs) throw new Error(`${what}: not within ${withinMs} ms (last: ${JSON.stringify(value)})`);
    await sleep(250);
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'studio-test-roles-'));
  clip = path.join(dataDir, 'clip.mp4');
  const { ffmpeg } = resolveMediaTools({ env: process.env });
  execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x568:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', clip]);
  database = await createTestDatabase();
  const owner = await createPerson(database.db);
  channel = await createChannel(database.db, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
  await addMember(database.db, channel, owner.userId, 'OWNER');
  const token = await sessionRepository(database.db).create(owner.userId, null, new Date(Date.now() + 86_400_000), new Date());
  cookie = `${sessionCookieName(false)}=${token}`;
}, 120_000);

afterAll(async () => {
  await stopServers(servers);
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = (server: ServerProcess) => uploadLoop(server, cookie, channel, clip);
const loopRow = (id: string) => database.db.selectFrom('loops').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const loopJobStates = async (id: string) =>
  (await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE name = ${LOOP_QUEUE} AND data->>'loopId' = ${id} ORDER BY created_on`.execute(database.db)).rows.map((row) => row.state);
const get = (server: ServerProcess, url: string) => fetch(`${server.base}${url}`, { headers: { cookie } });

describe('roles on one database and one DATA_DIR', () => {
  it('web takes the upload and never runs its job; worker transcodes it once and serves only its health; web serves the result', async () => {
    const web = await startServer('web');
    expect(web.output()).toContain('[studio] roles: web\n');
    expect(await (await get(web, '/readyz')).json()).toEqual({ ok: true, roles: { web: { db: 'up', media: 'up' } } });
    expect((await get(web, '/api/me')).status).toBe(200);

    const id = await upload(web);
    // Alone, web queues the transcode and leaves it there: a worker polls every second, web has none.
    await sleep(4_000);
    expect(await loopJobStates(id)).toEqual(['created']);
    expect(await loopRow(id)).toMatchObject({ status: 'RESERVED', attempts: 0, progress: 0 });

    const worker = await startServer('worker');
    expect(worker.output()).toContain('[studio] roles: worker\n');
    expect(await (await get(worker, '/readyz')).json()).toEqual({ ok: true, roles: { worker: { db: 'up', media: 'up' } } });
    expect((await get(worker, '/healthz')).status).toBe(200);
    for (const url of ['/api/me', '/studio/', '/external/notices', `/api/channels/${channel}/loops/${id}`]) {
      const answer = await get(worker, url);
      expect(answer.status, url).toBe(404);
      expect(await answer.json(), url).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }

    const done = await until(() => loopRow(id), (row) => row.status === 'COMPLETE' || row.status === 'ERROR', 120_000, 'transcoded by the worker');
    expect(done.status, worker.output()).toBe('COMPLETE');
    expect(done.attempts).toBe(1);
    // One job, completed: pg-boss marks it so when the handler returns, a moment after the commit that completes the loop.
    expect(await until(() => loopJobStates(id), (states) => states.length !== 1 || states[0] !== 'active', 10_000, 'the job marked done')).toEqual(['completed']);

    // What the worker wrote to the shared DATA_DIR, web serves; the worker does not.
    const shown = await get(web, `/api/channels/${channel}/loops/${id}`);
    expect(shown.status).toBe(200);
    const loop = (await shown.json()) as { status: string; videoUrl: string };
    expect(loop.status).toBe('COMPLETE');
    const video = await get(web, new URL(loop.videoUrl, web.base).pathname);
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect((await video.arrayBuffer()).byteLength).toBeGreaterThan(1_000);
    expect((await get(worker, new URL(loop.videoUrl, web.base).pathname)).status).toBe(404);
  }, 240_000);

  it('ingest listens for RTMP and is ready with it; it serves no studio route', async () => {
    // Alone, an ingest node needs its internal listener (web instances reach its streams there, decision 050).
    const unreachable = await spawnWith({ ROLES: 'ingest' });
    expect(await unreachable.exited).toBe(1);
    expect(unreachable.output()).toContain('INGEST_INTERNAL_PORT: required for an ingest without the web role');
    const ingest = await untilReady(await spawnWith({ ROLES: 'ingest', INGEST_NODE_ID: 'roles-ingest', INGEST_INTERNAL_PORT: '0', INGEST_INTERNAL_SECRET: 'roles-test-secret-of-32-characters' }));
    expect(ingest.output()).toMatch(/\[studio\] RTMP ingest at rtmp:\/\/127\.0\.0\.1:\d+\/live/);
    const ready = (await (await get(ingest, '/readyz')).json()) as { ok: boolean; roles: { ingest: { heartbeatAgeSeconds: number } } };
    expect(ready).toEqual({ ok: true, roles: { ingest: { db: 'up', media: 'up', rtmp: 'listening', node: 'roles-ingest', heartbeatAgeSeconds: ready.roles.ingest.heartbeatAgeSeconds } } });
    expect(ready.roles.ingest.heartbeatAgeSeconds).toBeLessThan(15);
    // Registered, with the address of its internal listener.
    const registered = await database.db.selectFrom('ingest_nodes').select(['id', 'internal_url']).execute();
    expect(registered.map((row) => row.id)).toEqual(['roles-ingest']);
    expect(registered[0]!.internal_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await get(ingest, '/api/me')).status).toBe(404);
    expect((await get(ingest, '/healthz')).status).toBe(200);
  }, 90_000);

  it('an unknown role stops start-up, naming ROLES', async () => {
    const bad = await spawnWith({ ROLES: 'web,bad' });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('ROLES: one or more of web, worker, ingest, separated by commas; unknown: bad');
  }, 30_000);
});
