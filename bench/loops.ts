// `npm run bench:loops` (issue #12): what loops cost on this machine.
//  1. Processing: a 60-second 1080x1920 clip made by ffmpeg (testsrc2 + sine) uploaded and processed by
//     the studio (rendition + three thumbnails), against its duration (the real-time factor), and against
//     the same rendition command run bare in this process (the baseline of the same run).
//  2. Upload throughput over tus on loopback: the studio server in its own process, the tus client
//     (tus-js-client, 5 MB requests as in the browser) here; baseline: bare node:http taking the same
//     5 MB requests in a third process.
//  3. Memory: the server's resident set (/proc/<pid>/status VmRSS, sampled every 50 ms) while three
//     uploads and two transcodes run at once, against the bytes in flight: streaming, not whole files.
// Uses BENCH_DATABASE_URL when set (a database it may write to), else an embedded PostgreSQL.
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Upload } from 'tus-js-client';
import { LOOP_UPLOAD_CHUNK_BYTES, loopUploadPath } from '../packages/contract/src/loop';
import { createDb } from '../apps/server/src/db/database';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { loadConfig } from '../apps/server/src/config';
import { probe } from '../apps/server/src/media/media-tools';
import { renditionArgs } from '../apps/server/src/modules/loops/loop-processing';
import { sessionCookieName } from '../apps/server/src/plugins/session';
import { sessionRepository } from '../apps/server/src/plugins/session-repository';
import { addMember, createChannel, createPerson } from '../apps/server/src/seed/factories';

const exec = promisify(execFile);
const here = import.meta.dirname;
const PORT = 18_180;
const BASELINE_PORT = 18_181;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHUNK = LOOP_UPLOAD_CHUNK_BYTES;
const SECONDS = Number(process.env.BENCH_LOOP_SECONDS ?? 60);

// The tools and bounds the studio itself would run with (config.ts: FFMPEG_PATH, MEDIA_*_MEMORY_MB).
const tools = loadConfig(process.env).mediaTools;
if (tools.missing.length) throw new Error(`ffmpeg and ffprobe are needed: ${tools.missing.join('; ')}`);

const work = await mkdtemp(path.join(tmpdir(), 'studio-bench-loops-'));
await chmod(work, 0o755);
let databaseUrl = process.env.BENCH_DATABASE_URL;
let stopEmbedded: (() => Promise<void>) | undefined;
if (!databaseUrl) {
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(work, 'pg'), port: 54_397 });
  databaseUrl = embedded.url;
  stopEmbedded = () => embedded.stop();
}
const db = createDb(databaseUrl, { max: 2, statementTimeoutMs: 0 });
await migrateToLatest(db);
const person = await createPerson(db, { login: `bench-loops-${Date.now()}`, name: 'Bench' });
const channelId = await createChannel(db, { name: `Bench loops ${Date.now()}`, channel_type: 'MEDIA_CHANNEL', shorts_status: 'SERVICE' });
await addMember(db, channelId, person.userId, 'OWNER');
const token = await sessionRepository(db).create(person.userId, null, new Date(Date.now() + 3_600_000));
const cookie = `${sessionCookieName(false)}=${token}`;

const seconds = (ms: number) => (ms / 1000).toFixed(ms < 10_000 ? 2 : 1);
const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

console.log(`making a ${SECONDS}-second 1080x1920 clip with ${tools.ffmpeg}…`);
const clip = path.join(work, 'clip-1080x1920.mp4');
const madeAt = performance.now();
await exec(tools.ffmpeg, [
  '-hide_banner', '-loglevel', 'error', '-y',
  '-f', 'lavfi', '-i', 'testsrc2=size=1080x1920:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
  '-t', String(SECONDS), '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '20', '-pix_fmt', 'yuv420p',
  '-c:a', 'aac', '-b:a', '128k', '-shortest', '-movflags', '+faststart', clip,
]);
const makeMs = performance.now() - madeAt;
const clipBytes = statSync(clip).size;
const probed = await probe(tools, clip, { maxSeconds: SECONDS + 1 });
console.log(`  ${mb(clipBytes)} MB, ${probed.durationSeconds.toFixed(2)} s, made in ${seconds(makeMs)} s`);

// Baseline of processing: the studio's own rendition command, bare, in this process.
console.log('baseline: the rendition command alone…');
const bareAt = performance.now();
await exec(tools.ffmpeg, renditionArgs(clip, path.join(work, 'bare.mp4'), probed, SECONDS + 1).map((arg) => (arg === 'pipe:1' ? '/dev/null' : arg)));
const bareProcessMs = performance.now() - bareAt;
console.log(`  ${seconds(bareProcessMs)} s`);

function start(script: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = fork(path.join(here, script), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}
const stop = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM'))));

const rssKb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const hwmKb = (pid: number): number => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

/** One tus upload of the whole file in LOOP_UPLOAD_CHUNK_BYTES requests, as the browser sends it; answers the loop id and ms. */
function tusUpload(file: Buffer): Promise<{ loopId: string; ms: number }> {
  const at = performance.now();
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${ORIGIN}${loopUploadPath(channelId)}`,
      chunkSize: CHUNK,
      retryDelays: [],
      headers: { cookie, origin: ORIGIN },
      onSuccess: () => resolve({ loopId: upload.url?.split('/').pop() ?? '', ms: performance.now() - at }),
      onError: reject,
    });
    upload.start();
  });
}

/** The same bytes in the same requests to the bare server. */
async function bareUpload(file: Buffer): Promise<number> {
  const at = performance.now();
  for (let offset = 0; offset < file.length; offset += CHUNK) {
    const body = file.subarray(offset, offset + CHUNK);
    await new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: BASELINE_PORT, method: 'PATCH', path: '/upload', headers: { 'content-length': body.length } }, (response) => {
        response.resume();
        response.on('end', () => resolve());
      });
      req.on('error', reject);
      req.end(body);
    });
  }
  return performance.now() - at;
}

type Timeline = { status: string | null; at: number }[];
async function loopStatus(loopId: string): Promise<{ status: string | null; progress: number }> {
  const response = await fetch(`${ORIGIN}/api/channels/${channelId}/loops/${loopId}`, { headers: { cookie } });
  return (await response.json()) as { status: string | null; progress: number };
}
/** Polls a loop every 100 ms until it is COMPLETE (or ERROR), noting when each status was first seen. */
async function follow(loopId: string, timeline: Timeline = []): Promise<Timeline> {
  for (;;) {
    const { status } = await loopStatus(loopId);
    if (timeline.at(-1)?.status !== status) timeline.push({ status, at: performance.now() });
    if (status === 'COMPLETE' || status === 'ERROR') return timeline;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const bytes = readFileSync(clip);
const server = await start('serve-loops.ts', { PORT: String(PORT), DATABASE_URL: databaseUrl, DATA_DIR: path.join(work, 'data'), LOOP_WORKERS: '2' });
const baseline = await start('serve-upload-baseline.ts', { PORT: String(BASELINE_PORT), DATA_DIR: work });
const pid = server.pid!;
const lines: string[] = [];
try {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idleKb = rssKb(pid);

  // 2. Upload throughput: three rounds each, the median; each studio upload is stopped at once so no
  // transcode runs beside the next measurement.
  console.log('upload over tus (studio) and bare (baseline), three rounds…');
  const tusRuns: number[] = [];
  const bareRuns: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    bareRuns.push(await bareUpload(bytes));
    const uploaded = await tusUpload(bytes);
    tusRuns.push(uploaded.ms);
    await fetch(`${ORIGIN}/api/channels/${channelId}/loops/${uploaded.loopId}/stop`, { method: 'POST', headers: { cookie, origin: ORIGIN } });
  }
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  const tusMs = median(tusRuns);
  const bareUploadMs = median(bareRuns);
  const tusMbps = clipBytes / (1024 * 1024) / (tusMs / 1000);
  const bareMbps = clipBytes / (1024 * 1024) / (bareUploadMs / 1000);
  console.log(`  tus ${tusMbps.toFixed(0)} MB/s, bare ${bareMbps.toFixed(0)} MB/s`);

  // 1. Processing, alone on the server.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const first = await tusUpload(bytes);
  const queuedAt = performance.now();
  console.log('processing the uploaded clip…');
  const timeline = await follow(first.loopId);
  const done = timeline.at(-1)!;
  if (done.status !== 'COMPLETE') throw new Error(`the loop ended ${String(done.status)}`);
  const started = timeline.find((step) => step.status === 'START' || step.status === 'PROCESSING')?.at ?? queuedAt;
  const processMs = done.at - started;
  const totalMs = done.at - queuedAt;
  console.log(`  ${seconds(processMs)} s processing (${seconds(totalMs)} s from the last byte, queue wait included)`);

  // 3. Memory: two transcodes running and three uploads at once.
  console.log('three uploads while two transcodes run…');
  const a = await tusUpload(bytes);
  const b = await tusUpload(bytes);
  for (;;) {
    const [sa, sb] = await Promise.all([loopStatus(a.loopId), loopStatus(b.loopId)]);
    if (sa.status === 'PROCESSING' && sb.status === 'PROCESSING') break;
    if (sa.status === 'COMPLETE' || sb.status === 'COMPLETE') throw new Error('a transcode ended before the uploads started: lengthen the clip');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let peakKb = rssKb(pid);
  const samples: number[] = [];
  const sampler = setInterval(() => {
    const kb = rssKb(pid);
    samples.push(kb);
    peakKb = Math.max(peakKb, kb);
  }, 50);
  const concurrentAt = performance.now();
  await Promise.all([tusUpload(bytes), tusUpload(bytes), tusUpload(bytes)]);
  const threeMs = performance.now() - concurrentAt;
  const [sa, sb] = await Promise.all([loopStatus(a.loopId), loopStatus(b.loopId)]);
  const stillBoth = sa.status === 'PROCESSING' && sb.status === 'PROCESSING';
  await Promise.all([follow(a.loopId), follow(b.loopId)]);
  clearInterval(sampler);
  const hwm = hwmKb(pid);
  console.log(`  peak RSS ${mb(peakKb * 1024)} MB (idle ${mb(idleKb * 1024)} MB) with ${mb(5 * clipBytes)} MB of files in flight`);

  const rtf = probed.durationSeconds / (processMs / 1000);
  const bareRtf = probed.durationSeconds / (bareProcessMs / 1000);
  const inFlight = 5 * clipBytes;
  lines.push(
    '# Loops: processing, upload and memory',
    '',
    `Measured ${new Date().toISOString()} on ${cpus().length} cores (${cpus()[0]?.model ?? ''}), ${mb(totalmem())} MB RAM, load ${loadavg().map((value) => value.toFixed(2)).join(' ')} at the end (the machine is shared: other work ran beside it). ffmpeg ${tools.ffmpeg}, ffprobe ${tools.ffprobe}. \`npm run bench:loops\`; the server (\`bench/serve-loops.ts\`, LOOP_WORKERS=2), the tus client (this process) and the bare upload server run as three processes.`,
    '',
    `Clip: ${SECONDS} s of 1080x1920 testsrc2 at 30 fps with a 440 Hz sine, x264 ultrafast CRF 20 + AAC, ${mb(clipBytes)} MB (made in ${seconds(makeMs)} s).`,
    '',
    '## Processing (rendition 720x1280 H.264 veryfast CRF 23 + AAC, fast start, three thumbnails at q75)',
    '',
    '| | time | real-time factor (clip seconds per second) |',
    '|---|---:|---:|',
    `| studio: START → COMPLETE (probe, transcode with progress, thumbnails, database) | ${seconds(processMs)} s | ${rtf.toFixed(2)}× |`,
    `| studio: last byte → COMPLETE (queue wait included; workers poll every second) | ${seconds(totalMs)} s | ${(probed.durationSeconds / (totalMs / 1000)).toFixed(2)}× |`,
    `| baseline: the same rendition command alone | ${seconds(bareProcessMs)} s | ${bareRtf.toFixed(2)}× |`,
    '',
    `In this run the studio's processing took ${(processMs / bareProcessMs).toFixed(2)}× the time of the bare command (it adds a probe, three thumbnails and the database writes; x264 dominates). Both share the machine with other work (see the load above), so a difference of a few tens of percent either way is noise; the real-time factor is the figure to read.`,
    '',
    '## Upload over tus on loopback (LOOP_UPLOAD_CHUNK_BYTES requests, median of three)',
    '',
    '| | time | throughput |',
    '|---|---:|---:|',
    `| studio: tus (session, access check, \`@tus/server\` file store) | ${seconds(tusMs)} s | ${tusMbps.toFixed(0)} MB/s |`,
    `| baseline: bare node:http writing the same requests to a file | ${seconds(bareUploadMs)} s | ${bareMbps.toFixed(0)} MB/s |`,
    '',
    `tus reaches ${((tusMbps / bareMbps) * 100).toFixed(0)}% of the bare server (each request also asks PostgreSQL who may write, and the last one runs ffprobe).`,
    '',
    '## Server memory while three uploads and two transcodes run',
    '',
    '| | MB |',
    '|---|---:|',
    `| server RSS idle (after start-up) | ${mb(idleKb * 1024)} |`,
    `| server RSS peak while 3 uploads (${seconds(threeMs)} s) and 2 transcodes ran (${samples.length} samples, 50 ms apart) | ${mb(peakKb * 1024)} |`,
    `| server VmHWM (lifetime peak, start-up included) | ${mb(hwm * 1024)} |`,
    `| bytes of the five files in flight (3 arriving, 2 being transcoded) | ${mb(inFlight)} |`,
    '',
    `The peak is ${mb((peakKb - idleKb) * 1024)} MB above idle for ${mb(inFlight)} MB of files${stillBoth ? ' (both transcodes were still running when the uploads ended)' : ' (a transcode ended during the uploads)'}: bodies stream to disk and ffmpeg reads the files itself (ffmpeg's own memory is in its processes, not the server's).`,
    '',
  );
} finally {
  await stop(server);
  await stop(baseline);
  await db.destroy();
  await stopEmbedded?.();
  await rm(work, { recursive: true, force: true });
}
writeFileSync(path.join(here, 'LOOPS-RESULTS.md'), lines.join('\n'));
console.log(lines.join('\n'));
