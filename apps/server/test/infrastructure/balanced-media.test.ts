import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOP_UPLOAD_CHUNK_BYTES } from '@studio/contract/loop';
import { resolveMediaTools } from '../../src/media/media-tool-paths';
import type { ObjectStore } from '../../src/media/stores/object-store';
import { sessionCookieName } from '../../src/plugins/session';
import { sessionRepository } from '../../src/plugins/session-repository';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { freePort } from '../global-setup';
import { metricSum, NGINX, pollerSaying, startBalancer, startObjectStore } from './balancer';
import { createTestDatabase } from '../helper';
import { childrenOf, filesUnder, spawnServer, stopServers, untilReady, type ServerProcess } from '../server-process';

/**
 * The deployment of docs/deploy.md with its media (issue 22, point 3): nginx from Debian in front of two
 * `web` instances, two `worker`s, one PostgreSQL and a real S3 store (Ceph RGW on memstore, started by
 * scripts/ensure-object-store.mjs). Everything goes through the balancer: a loop's pieces land on both web
 * instances, a worker transcodes it and is killed in the middle, the other finishes it once, it plays
 * through either instance, an image put through one is read through the other, and no media file is
 * written to a web instance's disk.
 */
const BUCKET = 'studio-balanced-media';

type Instance = ServerProcess & { metrics: string; dataDir: string };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dir: string;
let objectStore: Awaited<ReturnType<typeof startObjectStore>> | undefined;
let bucket: ObjectStore;
let storeEnv: Record<string, string>;
let nginx: ChildProcess;
let origin: string;
let cookie: string;
let channel: number;
let clip: string;
const webs: Instance[] = [];
const workers: Instance[] = [];

async function startInstance(port: number, roles: string, env: Record<string, string> = {}): Promise<Instance> {
  const metricsPort = await freePort();
  const dataDir = await mkdtemp(path.join(dir, `${roles}-`));
  const server = spawnServer({ port, databaseUrl: database.url, dataDir, env: { ROLES: roles, PUBLIC_URL: origin, METRICS_PORT: String(metricsPort), RTMP_INGEST: 'off', ...storeEnv, ...env } });
  return { ...(await untilReady(server)), metrics: `http://127.0.0.1:${metricsPort}/metrics`, dataDir };
}

const instancesSaid = () =>
  [...webs, ...workers].map((instance, index) => `instance ${index} (exit ${instance.child.exitCode ?? instance.child.signalCode ?? 'none'}): ${instance.output().slice(-1200)}`).join('\n');

/** Requests an instance answered whose route pattern matches, by its own /metrics. */
function served(instance: Instance, route: RegExp, method?: string): Promise<number> {
  return metricSum(instance.metrics, 'http_requests_total', (labels) => route.test(/route="([^"]*)"/.exec(labels)?.[1] ?? '') && (!method || labels.includes(`method="${method}"`)));
}

const eventually = pollerSaying(instancesSaid);



const through = (url: string, init: RequestInit = {}) => fetch(new URL(url, origin), { ...init, headers: { cookie, origin, ...(init.headers as Record<string, string> | undefined) } });
const loopRow = (id: string) => database.db.selectFrom('loops').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  expect(existsSync(NGINX), 'nginx (run scripts/ensure-media-tools.mjs --nginx)').toBe(true);
  dir = await mkdtemp(path.join(tmpdir(), 'studio-balanced-media-'));
  objectStore = await startObjectStore(dir, BUCKET);
  bucket = objectStore.bucket;
  storeEnv = objectStore.env;

  // Long and large enough that the transcode is under way when its worker is killed, in more than one piece.
  clip = path.join(dir, 'clip.mp4');
  const { ffmpeg } = resolveMediaTools({ env: process.env });
  execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1080x1920:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '20', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '16', '-c:a', 'aac', '-shortest', clip]);
  expect(readFileSync(clip).length).toBeGreaterThan(LOOP_UPLOAD_CHUNK_BYTES * 1.5);

  database = await createTestDatabase();
  const owner = await createPerson(database.db, { login: 'creator', name: '김크리에이터' });
  channel = await createChannel(database.db, { channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE', use_document_write: true });
  await addMember(database.db, channel, owner.userId, 'OWNER');
  cookie = `${sessionCookieName(false)}=${await sessionRepository(database.db).create(owner.userId, null, new Date(Date.now() + 86_400_000), new Date())}`;

  const [nginxPort, web1Port, web2Port, worker1Port, worker2Port] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  origin = `http://127.0.0.1:${nginxPort}`;
  nginx = await startBalancer(dir, nginxPort, [web1Port, web2Port]);

  // The first instance makes the account service's keys; the others read them. Short loop leases: a
  // killed worker's loop is handed to the other within seconds, not the production half minute.
  const loopEnv = { LOOP_MAX_SECONDS: '60', LOOP_LEASE_SECONDS: '6', LOOP_SWEEP_SECONDS: '2' };
  webs.push(await startInstance(web1Port, 'web', loopEnv));
  const started = await Promise.all([startInstance(web2Port, 'web', loopEnv), startInstance(worker1Port, 'worker', loopEnv), startInstance(worker2Port, 'worker', loopEnv)]);
  webs.push(started[0]);
  workers.push(started[1], started[2]);
  await eventually(() => fetch(`${origin}/healthz`).then((response) => response.ok, () => false), Boolean, 10_000, 'nginx listening');
}, 240_000);

afterAll(async () => {
  nginx?.kill('SIGTERM');
  await stopServers([...webs, ...workers]);
  await database?.drop();
  await objectStore?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}, 60_000);

describe('media through the balancer: two web instances, two workers, one S3 store', () => {
  it('an image put through one instance is read through the other', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const uploaded = await through(`/api/channels/${channel}/contents/images`, { method: 'POST', body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const before = await Promise.all(webs.map((web) => served(web, /^\/media\//)));
    for (let i = 0; i < 4; i += 1) {
      const read = await fetch(new URL(url, origin));
      expect(read.status).toBe(200);
      expect(read.headers.get('content-type')).toBe('image/jpeg');
    }
    const after = await Promise.all(webs.map((web) => served(web, /^\/media\//)));
    expect([after[0]! - before[0]!, after[1]! - before[1]!].every((count) => count > 0), `reads ${before.join()} → ${after.join()}`).toBe(true);
    expect(await bucket.head(url.slice('/media/'.length))).not.toBeNull();
  });

  it("a loop's pieces land on both web instances; its worker is killed mid-transcode and the other finishes it once; it plays through either", async () => {
    const bytes = readFileSync(clip);
    const tus = { 'tus-resumable': '1.0.0' };
    const pieceRoute = /loops/;
    const piecesBefore = await Promise.all(webs.map((web) => served(web, pieceRoute, 'PATCH')));
    const created = await through(`/api/channels/${channel}/loops/uploads`, { method: 'POST', headers: { ...tus, 'upload-length': String(bytes.length) } });
    expect(created.status, await created.clone().text()).toBe(201);
    const location = created.headers.get('location')!;
    const id = location.split('/').pop()!;
    // The browser's pieces, one request each; the balancer sends them to the instances in turn.
    for (let offset = 0; offset < bytes.length; offset += LOOP_UPLOAD_CHUNK_BYTES) {
      const piece = bytes.subarray(offset, offset + LOOP_UPLOAD_CHUNK_BYTES);
      const patched = await through(location, { method: 'PATCH', headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body: piece });
      expect(patched.status, `${await patched.text()}\n${instancesSaid()}`).toBe(204);
    }
    const piecesAfter = await Promise.all(webs.map((web) => served(web, pieceRoute, 'PATCH')));
    expect([piecesAfter[0]! - piecesBefore[0]!, piecesAfter[1]! - piecesBefore[1]!].every((count) => count > 0), `pieces ${piecesBefore.join()} → ${piecesAfter.join()}`).toBe(true);

    // One worker takes the transcode; it is killed while its ffmpeg runs.
    await eventually(() => loopRow(id), (row) => row.status === 'PROCESSING' && row.progress >= 3 && row.progress < 95, 120_000, 'transcoding on a worker');
    const running = workers.map((worker) => childrenOf(worker.child.pid!, 'ffmpeg').length);
    const victim = running.findIndex((count) => count > 0);
    expect(victim, `ffmpeg under the workers: ${running.join()}`).toBeGreaterThanOrEqual(0);
    expect(running.filter((count) => count > 0)).toHaveLength(1);
    workers[victim]!.child.kill('SIGKILL');
    await workers[victim]!.exited;

    const done = await eventually(() => loopRow(id), (row) => row.status === 'COMPLETE' || row.status === 'ERROR', 180_000, 'completed by the other worker');
    expect(done.status, instancesSaid()).toBe('COMPLETE');
    expect(done.attempts).toBe(2);
    expect(done.thumbnail_names).toHaveLength(3);
    // Completed once: one rendition in the bucket, no leftover of the killed run's output.
    expect((await bucket.list('loops/')).map((object) => object.key)).toEqual([`loops/${done.video_name}`]);

    // It plays through either instance (not published: through the studio's access check, with the session).
    const before = await Promise.all(webs.map((web) => served(web, /^\/media\//)));
    for (let i = 0; i < 4; i += 1) {
      const video = await through(`/media/loops/${done.video_name}`, { headers: { range: 'bytes=0-1023' } });
      expect(video.status).toBe(206);
      expect(Buffer.from(await video.arrayBuffer()).subarray(4, 8).toString()).toBe('ftyp');
    }
    const after = await Promise.all(webs.map((web) => served(web, /^\/media\//)));
    expect([after[0]! - before[0]!, after[1]! - before[1]!].every((count) => count > 0), `plays ${before.join()} → ${after.join()}`).toBe(true);
  }, 420_000);

  it('no media file was written to a web instance’s disk', () => {
    for (const web of webs) {
      for (const folder of ['media', 'uploads', path.join('run', 'loops')]) {
        expect(filesUnder(path.join(web.dataDir, folder)), `${web.base} ${folder}`).toEqual([]);
      }
    }
  });
});
