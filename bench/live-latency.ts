// `npm run bench:live`: how fast a live shows up and how far behind real time it plays.
// The encoder (ffmpeg) is fed frames whose capture instant is drawn as a bar code (32 bars, one bit
// each, between sentinels); players (ffmpeg decoding the studio's private HTTP-FLV preview, and the
// public HLS playlist) read the bars back from the decoded picture, so glass-to-glass latency is
// measured without OCR. Encoder, server and players share this machine's clock.
// Uses BENCH_DATABASE_URL (a database it may write to) when set, else an embedded PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { StreamKey, StreamState } from '@studio/contract/live';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb } from '../apps/server/src/db/database';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { systemClock } from '../apps/server/src/lib/clock';
import { resolveMediaTools } from '../apps/server/src/media/media-tool-paths';
import { sessionCookieName } from '../apps/server/src/plugins/session';
import { sessionRepository } from '../apps/server/src/plugins/session-repository';
import { addMember, createChannel, createPerson } from '../apps/server/src/seed/factories';

const W = 320;
const H = 180;
const FPS = 30;
const BAR = 8;
const BITS = 32;
const SECONDS = Number(process.env.BENCH_LIVE_SECONDS ?? 12);
const BUDGET = { receivingMs: 5000, previewMs: 2000, hlsMs: 5000 };
const { ffmpeg } = resolveMediaTools({ env: process.env });

// ---- the bar code -----------------------------------------------------------
const origin = Date.now();
/** Bars: white, black, 32 bits of (ms since origin), white, black; each BAR pixels wide, full height. */
function frameAt(ms: number): Buffer {
  const frame = Buffer.alloc(W * H, 0x40);
  const bars = [1, 0, ...Array.from({ length: BITS }, (_, i) => (ms >>> (BITS - 1 - i)) & 1), 1, 0];
  for (let b = 0; b < bars.length; b++) {
    const value = bars[b] ? 0xf0 : 0x10;
    for (let y = 20; y < H - 20; y++) frame.fill(value, y * W + b * BAR, y * W + (b + 1) * BAR);
  }
  return frame;
}
function readBars(frame: Buffer): number | null {
  const bit = (b: number) => {
    let sum = 0;
    for (let dy = -2; dy <= 2; dy++) for (let dx = 2; dx <= 5; dx++) sum += frame[(H / 2 + dy) * W + b * BAR + dx]!;
    return sum / 20 > 128 ? 1 : 0;
  };
  if (bit(0) !== 1 || bit(1) !== 0 || bit(BITS + 2) !== 1 || bit(BITS + 3) !== 0) return null;
  let value = 0;
  for (let i = 0; i < BITS; i++) value = (value << 1) | bit(i + 2);
  return value >>> 0;
}

// ---- processes ----------------------------------------------------------------
const children: ChildProcess[] = [];
function encoder(url: string) {
  const child = spawn(
    ffmpeg,
    ['-hide_banner', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${W}x${H}`, '-r', String(FPS), '-i', 'pipe:0',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', String(FPS), '-pix_fmt', 'yuv420p', '-b:v', '800k', '-f', 'flv', url],
    { stdio: ['pipe', 'ignore', 'inherit'] },
  );
  children.push(child);
  child.stdin.on('error', () => undefined);
  const timer = setInterval(() => {
    if (child.stdin.writable) child.stdin.write(frameAt(Date.now() - origin));
  }, 1000 / FPS);
  return { child, stop: () => (clearInterval(timer), child.kill('SIGKILL')) };
}
/** Decodes `input` and records, per frame, when it was decoded and how old its bar code says it is. */
function player(input: string, extra: string[]) {
  const child = spawn(
    ffmpeg,
    ['-hide_banner', '-loglevel', 'error', ...extra, '-fflags', 'nobuffer', '-flags', 'low_delay', '-probesize', '2048', '-analyzeduration', '0', '-fpsprobesize', '0', '-i', input,
      '-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${W}x${H}`, 'pipe:1'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  const startedAt = Date.now();
  const samples: { at: number; latency: number }[] = [];
  let pending = Buffer.alloc(0);
  child.stdout.on('data', (chunk: Buffer) => {
    const now = Date.now();
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= W * H) {
      const value = readBars(pending.subarray(0, W * H));
      pending = pending.subarray(W * H);
      if (value !== null) samples.push({ at: now, latency: now - origin - value });
    }
  });
  return { startedAt, samples, stop: () => child.kill('SIGKILL') };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until<T>(check: () => Promise<T | null>, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(50);
  }
}

// ---- the run ----------------------------------------------------------------------
let databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = await mkdtemp(path.join(tmpdir(), 'studio-bench-live-'));
await chmod(dataDir, 0o755);
let stopEmbedded: (() => Promise<void>) | undefined;
if (!databaseUrl) {
  const embedded = await startEmbeddedPostgres({ dataDir, port: 54_398 });
  databaseUrl = embedded.url;
  stopEmbedded = () => embedded.stop();
}
const db = createDb(databaseUrl, { max: 4, statementTimeoutMs: 0 });
await migrateToLatest(db);
const config = loadConfig({ PORT: '18105', DEMO: 'false', NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, RTMP_PORT: '0', RTMP_HOST: '127.0.0.1', FFMPEG_PATH: ffmpeg });
const app = await buildApp({ config, db, clock: systemClock, logger: false, backgroundJobs: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const person = await createPerson(db, { name: 'bench' });
const channelId = await createChannel(db, { status: 'SERVICE', live_status: 'SERVICE' });
await addMember(db, channelId, person.userId, 'OWNER');
const cookie = `${sessionCookieName(false)}=${await sessionRepository(db).create(person.userId, null, new Date(Date.now() + 3_600_000))}`;
const api = async <T>(method: string, url: string): Promise<T> => {
  const response = await fetch(`${address}/api/channels/${channelId}/lives${url}`, { method, headers: { cookie } });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? null : await response.json()) as T;
};
const { kampChannelId } = await api<{ kampChannelId: string }>('POST', '/streams?title=bench');
const key = (await api<StreamKey[]>('GET', '/streams')).find((k) => k.kampChannelId === kampChannelId)!;
const { liveId } = await api<{ liveId: number }>('POST', `/create?kampChannelId=${kampChannelId}`);

const results: { figure: string; value: number; budget?: number }[] = [];
try {
  const connectAt = Date.now();
  const enc = encoder(`${key.serverUrl}/${key.streamKey}`);
  await until(async () => ((await api<StreamState>('GET', `/streams/state/${liveId}`)).reception === 'RECEIVING' ? true : null), 10_000, 'receiving');
  results.push({ figure: 'encoder connect → state "receiving" (ms)', value: Date.now() - connectAt, budget: BUDGET.receivingMs });

  const preview = player(`${address}/api/channels/${channelId}/lives/${liveId}/preview.flv`, ['-headers', `Cookie: ${cookie}\r\n`]);
  await until(async () => (preview.samples.length ? true : null), 10_000, 'first preview frame');
  results.push({ figure: 'preview request → first decoded frame (ms)', value: preview.samples[0]!.at - preview.startedAt });
  await sleep(SECONDS * 1000);
  // The first second is the keyframe burst a new viewer starts with; the steady state is what a creator sees.
  const steady = preview.samples.filter((s) => s.at > preview.startedAt + 2000).map((s) => s.latency);
  results.push({ figure: 'preview glass-to-glass p50 (ms)', value: percentile(steady, 50), budget: BUDGET.previewMs });
  results.push({ figure: 'preview glass-to-glass p95 (ms)', value: percentile(steady, 95), budget: BUDGET.previewMs });
  preview.stop();

  await api('POST', `/${liveId}/start`);
  const hlsUrl = `${address}/live/${liveId}/index.m3u8`;
  await until(async () => ((await (await fetch(hlsUrl)).text()).includes('.ts') ? true : null), 15_000, 'HLS playlist');
  const hls = player(hlsUrl, ['-live_start_index', '-1']);
  await until(async () => (hls.samples.length ? true : null), 15_000, 'first HLS frame');
  await sleep(SECONDS * 1000);
  const hlsSteady = hls.samples.filter((s) => s.at > hls.startedAt + 3000).map((s) => s.latency);
  results.push({ figure: 'public HLS glass-to-glass p50 (ms)', value: percentile(hlsSteady, 50), budget: BUDGET.hlsMs });
  results.push({ figure: 'public HLS glass-to-glass p95 (ms)', value: percentile(hlsSteady, 95), budget: BUDGET.hlsMs });
  hls.stop();
  enc.stop();
  await api('POST', `/${liveId}/close`);
} finally {
  for (const child of children) child.kill('SIGKILL');
  await app.close();
  await db.destroy();
  await stopEmbedded?.();
  await rm(dataDir, { recursive: true, force: true });
}

const lines = [
  '# Live latency',
  '',
  `Measured ${new Date().toISOString()} on ${cpus().length} cores (load ${loadavg().map((l) => l.toFixed(2)).join(' ')}), ffmpeg ${ffmpeg}; encoder 320x180 at ${FPS} fps, x264 ultrafast/zerolatency, keyframe every 1 s; players are ffmpeg decoding the studio's HTTP-FLV preview and public HLS (starting at the last segment).`,
  '',
  '| figure | value | budget | within |',
  '|---|---:|---:|:---:|',
  ...results.map((r) => `| ${r.figure} | ${Math.round(r.value)} | ${r.budget ?? '—'} | ${r.budget === undefined ? '—' : r.value <= r.budget ? 'yes' : '**no**'} |`),
  '',
];
console.log(lines.join('\n'));
writeFileSync(path.join(import.meta.dirname, 'LIVE-RESULTS.md'), lines.join('\n'));
process.exit(0);
