// `npm run bench:store` (issue 22): what the object store costs the studio, against the store itself
// in the same run. Starts a real S3 endpoint (Ceph's RADOS Gateway on a memstore OSD, by
// scripts/ensure-object-store.mjs), the studio with STORAGE=s3 and ROLES=web in a process of its own
// (bench/serve-studio.ts), the bare baselines in another (bench/serve-baseline.ts), and loads them
// from this process or from the load generator's own (bench/load.ts, autocannon):
//  1. Media reads: GET /media/images/<name> (a 256 KiB image) through the studio, against a GET of the
//     same object straight from the gateway. Budget: ≥ 50% of the direct GET's requests per second.
//  2. Uploads: a clip sent over tus (LOOP_UPLOAD_CHUNK_BYTES requests, as the browser sends them) into the bucket
//     through the studio, against one PutObject of the same bytes to the gateway. Budget: ≥ 50% of
//     the bare PUT's throughput.
//  3. Hot reads on a web-only instance with its media in the bucket: those of `npm run bench` (/api/me,
//     the unread count, my channels, a notifications page, channel management) beside the same studio
//     on disk with every role (unchanged) and the bare route (bench:api's ≥ 50%).
// Appends a dated section to bench/STORE-RESULTS.md. Uses BENCH_DATABASE_URL when set, else an embedded PostgreSQL.
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from 'tus-js-client';
import { LOOP_UPLOAD_CHUNK_BYTES, loopUploadPath } from '../packages/contract/src/loop';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { createBucketIfMissing, s3Client } from '../apps/server/src/media/stores/s3-store';
import { sessionCookieName } from '../apps/server/src/plugins/session';
import { sessionRepository } from '../apps/server/src/plugins/session-repository';
import { addMember, createChannel, createPerson } from '../apps/server/src/seed/factories';
import { benchDatabase } from './bench-database';
import { startServer } from './child-servers';

const run = promisify(execFile);
const here = import.meta.dirname;
const PORT = 18_310;
const BASELINE_PORT = 18_311;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const BUCKET = 'studio-bench-store';
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const CHUNK = process.env.BENCH_CHUNK_MIB ? Number(process.env.BENCH_CHUNK_MIB) * 1024 * 1024 : LOOP_UPLOAD_CHUNK_BYTES;
const ROUNDS = 3;
const loadBefore = loadavg();

const work = await mkdtemp(path.join(tmpdir(), 'studio-bench-store-'));
const cephFolder = path.join(work, 'ceph');
console.log('starting the S3 endpoint (Ceph RGW on memstore)…');
const started = await run(process.execPath, [path.resolve(here, '../scripts/ensure-object-store.mjs'), '--start', cephFolder, '--owner', String(process.pid)], { timeout: 180_000 });
const endpoint = JSON.parse(started.stdout) as { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };
const s3Options = { ...endpoint, bucket: BUCKET, forcePathStyle: true };
const client = s3Client(s3Options);
await createBucketIfMissing(client, BUCKET);

const database = await benchDatabase('store');
const db = createDb(database.url, { max: 2, statementTimeoutMs: 0, connectTimeoutMs: 60_000 });
await migrateToLatest(db);
const person = await createPerson(db, { login: `bench-store-${Date.now().toString(36)}`, name: 'Bench store' });
const channelId = await createChannel(db, { name: `Bench store ${Date.now().toString(36)}`, channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
await addMember(db, channelId, person.userId, 'OWNER');
const token = await sessionRepository(db).create(person.userId, null, new Date(Date.now() + 3_600_000));
const cookie = `${sessionCookieName(false)}=${token}`;

const studio = await startServer('serve-studio.ts', {
  PORT: String(PORT),
  PUBLIC_URL: ORIGIN,
  DATABASE_URL: database.url,
  DATA_DIR: path.join(work, 'data'),
  ROLES: 'web',
  STORAGE: 's3',
  S3_ENDPOINT: endpoint.endpoint,
  S3_REGION: endpoint.region,
  S3_BUCKET: BUCKET,
  S3_ACCESS_KEY_ID: endpoint.accessKeyId,
  S3_SECRET_ACCESS_KEY: endpoint.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
  LOOP_MAX_BYTES: String(200 * 1024 * 1024),
  LOOP_MAX_SECONDS: '120',
});
// The same studio as `npm run bench` loads it (disk, every role), for the hot reads side by side.
const DEFAULT_PORT = 18_312;
const plain = await startServer('serve-studio.ts', { PORT: String(DEFAULT_PORT), DATABASE_URL: database.url, DATA_DIR: path.join(work, 'plain') });
const baseline = await startServer('serve-baseline.ts', { PORT: String(BASELINE_PORT), DATABASE_URL: database.url });

type Loaded = { rps: number; p99: number; errors: number; non2xx: number };
/** The load generator in its own process (bench/load.ts). */
/** Two loads of the same route as one figure: the mean rate, the worse p99, the errors of both. */
const meanOf = (one: Loaded, two: Loaded): Loaded => ({ rps: Math.round((one.rps + two.rps) / 2), p99: Math.max(one.p99, two.p99), errors: one.errors + two.errors, non2xx: one.non2xx + two.non2xx });

async function load(url: string, cookies: string[] = []): Promise<Loaded> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(here, 'load.ts'), JSON.stringify({ url, cookies, connections: CONNECTIONS, duration: DURATION })], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const result = JSON.parse(stdout) as { requests: { average: number }; latency: { p99: number }; errors: number; non2xx: number };
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}
const percent = (part: number, whole: number) => `${((part / whole) * 100).toFixed(0)}%`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mibPerSecond = (bytes: number, ms: number) => bytes / (1024 * 1024) / (ms / 1000);

const lines: string[] = [];
try {
  // 0. Hot reads on both instances while both are fresh (before the split one serves media and uploads).
  const hotReads = async () => {
    const rows: { label: string; split: Loaded; plain: Loaded; bare: Loaded }[] = [];
    for (const [label, route] of [
      // The hot reads of `npm run bench` (bench/run.ts), served from memory on both instances.
      ['GET /api/me', '/api/me'],
      ['GET /api/my/notifications/unread', '/api/my/notifications/unread'],
      ['GET /api/my/channels', '/api/my/channels'],
      ['GET /api/my/notifications page 0', '/api/my/notifications?group=ALL&page=0&size=5'],
      ['GET /api/channels/management', '/api/channels/management?page=0'],
    ] as const) {
      // In turn, each twice, the order swapped the second time, so neither gains from going first.
      const bare = await load(`http://127.0.0.1:${BASELINE_PORT}/bare`);
      const plainFirst = await load(`http://127.0.0.1:${DEFAULT_PORT}${route}`, [cookie]);
      const splitSecond = await load(`${ORIGIN}${route}`, [cookie]);
      const splitFirst = await load(`${ORIGIN}${route}`, [cookie]);
      const plainSecond = await load(`http://127.0.0.1:${DEFAULT_PORT}${route}`, [cookie]);
      rows.push({ label, split: meanOf(splitFirst, splitSecond), plain: meanOf(plainFirst, plainSecond), bare });
    }
    return rows;
  };
  console.log('hot reads on ROLES=web, STORAGE=s3 and on disk with every role, both fresh…');
  const fresh = await hotReads();

  // 1. Media reads. The object is put once, readable without signing (public-read), so a plain GET is the gateway's floor.
  const image = randomBytes(256 * 1024);
  const name = `${randomUUID()}.jpg`;
  await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `images/${name}`, Body: image, ContentType: 'image/jpeg', ACL: 'public-read' }));
  const direct = `${endpoint.endpoint.replace(/\/$/, '')}/${BUCKET}/images/${name}`;
  const check = await fetch(direct);
  if (check.status !== 200 || (await check.arrayBuffer()).byteLength !== image.length) throw new Error(`the direct GET answered ${check.status}`);
  const viaStudio = `${ORIGIN}/media/images/${name}`;
  const through = await fetch(viaStudio);
  if (through.status !== 200 || (await through.arrayBuffer()).byteLength !== image.length) throw new Error(`the studio answered ${through.status}`);
  console.log('media reads: direct from the gateway, then through the studio…');
  const directRun = await load(direct);
  const studioRun = await load(viaStudio);
  const directAfter = await load(direct);
  const directRps = Math.round((directRun.rps + directAfter.rps) / 2);

  // 2. Uploads: the same clip, three rounds each, the median.
  const tools = loadConfig(process.env).mediaTools;
  const clip = path.join(work, 'clip.mp4');
  await run(tools.ffmpeg, [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=1080x1920:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', '20', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '14', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', clip,
  ]);
  const bytes = readFileSync(clip);
  /**
   * One upload over tus; answers the whole time and the time of the pieces before the last: the last
   * piece's answer waits for the studio to judge the file by what it holds (its copy read back from the
   * bucket and probed by ffprobe), which is the studio's work, not the store's.
   */
  const tusUpload = () =>
    new Promise<{ loopId: string; ms: number; piecesMs: number; piecesBytes: number }>((resolve, reject) => {
      const at = performance.now();
      let piecesMs = 0;
      let piecesBytes = 0;
      const upload = new Upload(bytes, {
        endpoint: `${ORIGIN}${loopUploadPath(channelId)}`,
        chunkSize: CHUNK,
        retryDelays: [],
        headers: { cookie, origin: ORIGIN },
        onChunkComplete: (_chunk, accepted, total) => {
          if (accepted < total) {
            piecesMs = performance.now() - at;
            piecesBytes = accepted;
          }
        },
        onSuccess: () => resolve({ loopId: upload.url?.split('/').pop() ?? '', ms: performance.now() - at, piecesMs, piecesBytes }),
        onError: reject,
      });
      upload.start();
    });
  const barePut = async () => {
    const at = performance.now();
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `bench/${randomUUID()}`, Body: bytes, ContentType: 'video/mp4' }));
    return performance.now() - at;
  };
  console.log(`uploads of ${(bytes.length / 1024 / 1024).toFixed(1)} MiB: over tus through the studio, and one bare PUT, ${ROUNDS} rounds…`);
  const tusMs: number[] = [];
  const piecesRates: number[] = [];
  const putMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    putMs.push(await barePut());
    const uploaded = await tusUpload();
    tusMs.push(uploaded.ms);
    piecesRates.push(mibPerSecond(uploaded.piecesBytes, uploaded.piecesMs));
    // Stopped at once: this instance runs no jobs, and the queue is not what is measured.
    await fetch(`${ORIGIN}/api/channels/${channelId}/loops/${uploaded.loopId}/stop`, { method: 'POST', headers: { cookie, origin: ORIGIN } });
  }
  const tusRate = mibPerSecond(bytes.length, median(tusMs));
  const piecesRate = median(piecesRates);
  const putRate = mibPerSecond(bytes.length, median(putMs));

  // 3. Hot reads on the web-only instance.
  console.log('hot reads again, the split instance after its media reads and uploads…');
  const hot = await hotReads();

  const table = [
    '| what | studio | store or bare | ratio | budget | studio p99 ms | errors |',
    '|---|---|---|---|---|---|---|',
    `| GET 256 KiB image: /media through the studio vs straight from the gateway (req/s) | ${studioRun.rps} | ${directRps} (${directRun.rps} before, ${directAfter.rps} after) | ${percent(studioRun.rps, directRps)} | ≥ 50% | ${studioRun.p99} | ${studioRun.errors + studioRun.non2xx} |`,
    `| upload ${(bytes.length / 1024 / 1024).toFixed(1)} MiB: tus in ${CHUNK / 1024 / 1024} MiB pieces into the bucket, the pieces before the last, vs one bare PutObject (MiB/s, median of ${ROUNDS}) | ${piecesRate.toFixed(1)} | ${putRate.toFixed(1)} | ${percent(piecesRate, putRate)} | ≥ 50% | | |`,
    `| the same, to the last piece's answer (the file read back and judged by ffprobe included) | ${tusRate.toFixed(1)} | ${putRate.toFixed(1)} | ${percent(tusRate, putRate)} | | | |`,
    ...fresh.map(
      ({ label, split, plain: disk, bare }) =>
        `| ${label}, both instances fresh: ROLES=web, STORAGE=s3 vs on disk with every role (req/s; bare route ${bare.rps}, disk ${percent(disk.rps, bare.rps)} of it) | ${split.rps} | ${disk.rps} | ${percent(split.rps, disk.rps)} | unchanged | ${split.p99} | ${split.errors + split.non2xx} |`,
    ),
    ...hot.flatMap(({ label, split, plain: disk, bare }) => [
      `| ${label} on ROLES=web, STORAGE=s3 after its media reads and uploads vs the same on disk with every role, just before (req/s) | ${split.rps} | ${disk.rps} | ${percent(split.rps, disk.rps)} | unchanged | ${split.p99} | ${split.errors + split.non2xx} |`,
      `| ${label} on ROLES=web, STORAGE=s3 vs the bare route (req/s; disk, every role: ${percent(disk.rps, bare.rps)}) | ${split.rps} | ${bare.rps} | ${percent(split.rps, bare.rps)} | ≥ 50% | | |`,
    ]),
  ];
  lines.push(
    '',
    `## ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: bench:store`,
    '',
    `Run ${new Date().toISOString()} on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average before ${loadBefore
      .map((value) => value.toFixed(2))
      .join(' ')}, after ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}. ${DURATION} s per load, ${CONNECTIONS} connections; the studio (ROLES=web, STORAGE=s3), the baselines and the load generator each in their own process; Ceph RGW 16 on a memstore OSD on the same machine.`,
    '',
    ...table,
    '',
    'The direct GET is anonymous (the object is public-read), the floor of any read of the bucket; the studio reads the same object with the SDK (signed) and streams it. The bare PUT is one signed PutObject of the whole file, the floor of any write; tus sends five requests, each written to the bucket as a part of a multipart upload.',
  );
  console.log(table.join('\n'));
  // Appended as a dated section: earlier runs stay for comparison.
  const results = path.join(here, 'STORE-RESULTS.md');
  appendFileSync(results, `${existsSync(results) ? '' : '# bench:store\n'}${lines.join('\n')}\n`);
  console.log('appended to bench/STORE-RESULTS.md');
} finally {
  studio.kill('SIGTERM');
  plain.kill('SIGTERM');
  baseline.kill('SIGTERM');
  await db.destroy();
  await database.close();
  await run(process.execPath, [path.resolve(here, '../scripts/ensure-object-store.mjs'), '--stop', cephFolder]).catch(() => undefined);
  await rm(work, { recursive: true, force: true });
}
