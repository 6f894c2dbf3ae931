import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamKey, StreamState } from '@studio/contract/live';
import { MAX_RESTREAM_TARGETS_PER_KEY, RESTREAM_KEY_MAX, RESTREAM_URL_MAX, type RestreamTarget } from '@studio/contract/restream';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { call, createTestApp, type TestContext } from '../helper';
import { resolveMediaTools } from '../../src/media/media-tool-paths';
import { eventually, FFMPEG, startEncoder, type Encoder } from './encoder';
import { freePort } from '../global-setup';

const FFPROBE = resolveMediaTools({ env: process.env }).ffprobe;

/**
 * Restreaming (issue 24, point 3) with real parts: ffmpeg publishes to the studio's embedded RTMP
 * ingest, the studio forwards the live to a local ffmpeg listening for RTMP (which must receive
 * frames while the live is on air) and to a closed port (which must show as failing with its reason,
 * be retried with backoff, give up, and never disturb the live's recording); closing the live stops
 * every forward. The targets' keys appear in no answer and no log line.
 */

let t: TestContext;
let dataDir: string;
let channelId: number;
let owner: string;
let stranger: string;
let rtmpPort: number;
const log: string[] = [];
const processes: { stop(): Promise<void> }[] = [];
/** Every answer's body, searched for the targets' keys at the end. */
const answers: string[] = [];

const RETRY = { firstMs: 1000, maxMs: 2000, attempts: 3 };
const base = () => `/api/channels/${channelId}/lives`;
const targetsPath = (kampChannelId: string) => `${base()}/streams/${kampChannelId}/restream-targets`;
const newTargetKey = (label: string) => `${label}_${randomBytes(12).toString('hex')}`;

async function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | undefined, payload?: unknown) {
  const response = await call(t.app, method, url, cookie, payload);
  answers.push(response.body);
  return response;
}

async function newKeyAndLive(title: string): Promise<{ key: StreamKey; liveId: number }> {
  const { kampChannelId } = (await api('POST', `${base()}/streams?title=${encodeURIComponent(title)}`, owner)).json<{ kampChannelId: string }>();
  const key = (await api('GET', `${base()}/streams`, owner)).json<StreamKey[]>().find((k) => k.kampChannelId === kampChannelId)!;
  const liveId = (await api('POST', `${base()}/create?kampChannelId=${kampChannelId}`, owner)).json<{ liveId: number }>().liveId;
  return { key, liveId };
}

/** The processes (but `except`) whose command line holds `text`: any local user can read /proc/<pid>/cmdline. */
async function commandLinesWith(text: string, except: number | undefined): Promise<string[]> {
  const found: string[] = [];
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name) && Number(name) !== except)) {
    const line = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (line.includes(text)) found.push(pid);
  }
  return found;
}

/** A local ffmpeg listening for one RTMP publisher, keeping what it receives in a file (`-c copy`). */
function startReceiver(port: number, key: string) {
  const file = path.join(dataDir, `received-${port}.flv`);
  const proc = spawn(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-listen', '1', '-i', `rtmp://127.0.0.1:${port}/app/${key}`, '-c', 'copy', '-flush_packets', '1', '-f', 'flv', '-y', file], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  proc.stderr.resume();
  const exited = new Promise<number | null>((resolve) => proc.on('close', (code) => resolve(code)));
  const receiver = {
    pid: proc.pid,
    /** Bytes received so far. */
    bytes: async () => (await stat(file).catch(() => null))?.size ?? 0,
    /** Video frames in what was received (read with ffprobe once the receiver ended). */
    videoFrames: async () => {
      const probe = spawnSync(FFPROBE, ['-v', 'error', '-select_streams', 'v', '-count_packets', '-show_entries', 'stream=codec_name,nb_read_packets', '-of', 'json', file], { encoding: 'utf8' });
      return JSON.parse(probe.stdout) as { streams: { codec_name: string; nb_read_packets: string }[] };
    },
    exited,
    async stop() {
      if (proc.exitCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
  processes.push(receiver);
  return receiver;
}

function publish(secret: string): Encoder {
  const encoder = startEncoder(`rtmp://127.0.0.1:${rtmpPort}/live/${secret}`);
  processes.push(encoder);
  return encoder;
}

const targetsOf = async (kampChannelId: string) => (await api('GET', targetsPath(kampChannelId), owner)).json<RestreamTarget[]>();
const state = async (liveId: number) => (await api('GET', `${base()}/streams/state/${liveId}`, owner)).json<StreamState>();

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'restream-'));
  t = await createTestApp({
    env: {
      RTMP_INGEST: 'embedded',
      RTMP_PORT: '0',
      RTMP_HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FFMPEG_PATH: '/usr/bin/ffmpeg',
      RESTREAM_RETRY_FIRST_MS: String(RETRY.firstMs),
      RESTREAM_RETRY_MAX_MS: String(RETRY.maxMs),
      RESTREAM_RETRY_ATTEMPTS: String(RETRY.attempts),
      RESTREAM_LOCAL_TARGETS: 'true',
    },
    logStream: { write: (line: string) => void log.push(line) },
  });
  const person = await createPerson(t.db, { name: '소유자' });
  channelId = await createChannel(t.db, { name: 'Restream', status: 'SERVICE', live_status: 'SERVICE' });
  await addMember(t.db, channelId, person.userId, 'OWNER');
  owner = await t.cookieFor(person.userId);
  const other = await createPerson(t.db, { name: '남' });
  const otherChannel = await createChannel(t.db, { name: 'Elsewhere', status: 'SERVICE', live_status: 'SERVICE' });
  await addMember(t.db, otherChannel, other.userId, 'OWNER');
  stranger = await t.cookieFor(other.userId);
  const serverUrl = (await newKeyAndLive('port probe')).key.serverUrl;
  rtmpPort = Number(/:(\d+)\/live$/.exec(serverUrl)?.[1]);
  expect(rtmpPort).toBeGreaterThan(0);
});

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const usedKeys: string[] = [];

describe('restream targets of a stream key', () => {
  it('answers 401, 403, 404 and 400 with codes, masks the key, and keeps at most MAX_RESTREAM_TARGETS_PER_KEY under 50 parallel adds', async () => {
    const { key } = await newKeyAndLive('targets');
    const secret = newTargetKey('api');
    usedKeys.push(secret);
    const body = { url: 'rtmp://127.0.0.1:1935/app', key: secret };
    expect((await api('GET', targetsPath(key.kampChannelId), undefined)).statusCode).toBe(401);
    expect((await api('POST', targetsPath(key.kampChannelId), undefined, body)).statusCode).toBe(401);
    expect((await api('GET', targetsPath(key.kampChannelId), stranger)).statusCode).toBe(403);
    expect((await api('POST', targetsPath(key.kampChannelId), stranger, body)).statusCode).toBe(403);
    expect((await api('GET', targetsPath('kc00000000000000'), owner)).json<{ code: string }>().code).toBe('STREAM_KEY_NOT_FOUND');
    expect((await api('GET', targetsPath('nope'), owner)).statusCode).toBe(400);

    const refused = async (payload: unknown) => {
      const response = await api('POST', targetsPath(key.kampChannelId), owner, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const answer = response.json<{ code: string; extra: { reason?: string } | null }>();
      return `${answer.code}:${answer.extra?.reason ?? ''}`;
    };
    expect(await refused({ url: 'http://example.com/app', key: secret })).toBe('RESTREAM_URL_INVALID:SCHEME');
    expect(await refused({ url: 'rtmp://user:pw@example.com/app', key: secret })).toBe('RESTREAM_URL_INVALID:CREDENTIALS');
    expect(await refused({ url: 'rtmp://example.com:99999/app', key: secret })).toBe('RESTREAM_URL_INVALID:PORT');
    expect(await refused({ url: 'rtmp://example.com', key: secret })).toBe('RESTREAM_URL_INVALID:APP');
    expect(await refused({ url: 'rtmp://example.com/app?x=1', key: secret })).toBe('RESTREAM_URL_INVALID:QUERY');
    expect(await refused({ url: `rtmp://example.com/${'a'.repeat(RESTREAM_URL_MAX)}`, key: secret })).toBe('RESTREAM_URL_INVALID:TOO_LONG');
    expect(await refused({ url: 'rtmp://example.com/app', key: '' })).toBe('RESTREAM_KEY_INVALID:EMPTY');
    expect(await refused({ url: 'rtmp://example.com/app', key: `${secret} with spaces` })).toBe('RESTREAM_KEY_INVALID:CHARACTERS');
    expect(await refused({ url: 'rtmp://example.com/app', key: `${secret}${'x'.repeat(RESTREAM_KEY_MAX)}` })).toBe('RESTREAM_KEY_INVALID:TOO_LONG');
    // One of this studio's own keys would make the live replace its own encoder.
    expect(await refused({ url: 'rtmp://example.com/app', key: key.streamKey })).toBe('RESTREAM_KEY_INVALID:STUDIO_KEY');
    expect(await refused({ url: 'rtmp://example.com/app' })).toBe('VALIDATION_FAILED:');
    // Past the body's own bound the answer is the generic one, still without the key in it.
    const huge = `${newTargetKey('huge')}${'x'.repeat(RESTREAM_KEY_MAX * 4)}`;
    usedKeys.push(huge.slice(0, 30));
    expect(await refused({ url: 'rtmp://example.com/app', key: huge })).toBe('VALIDATION_FAILED:');

    // 50 at once: exactly MAX_RESTREAM_TARGETS_PER_KEY are added, every other one is told why.
    const parallel = await Promise.all(Array.from({ length: 50 }, () => api('POST', targetsPath(key.kampChannelId), owner, body)));
    expect(parallel.filter((r) => r.statusCode === 201)).toHaveLength(MAX_RESTREAM_TARGETS_PER_KEY);
    expect(new Set(parallel.filter((r) => r.statusCode !== 201).map((r) => `${r.statusCode}:${r.json<{ code: string }>().code}`))).toEqual(new Set(['409:RESTREAM_TARGET_LIMIT_REACHED']));

    const listed = await targetsOf(key.kampChannelId);
    expect(listed).toHaveLength(MAX_RESTREAM_TARGETS_PER_KEY);
    expect(listed[0]).toMatchObject({ url: 'rtmp://127.0.0.1:1935/app', keyHint: `••••${secret.slice(-4)}`, forwarding: null, kampChannelId: key.kampChannelId });
    expect(JSON.stringify(listed)).not.toContain(secret);

    // A change of address keeps the saved key; a target of another key or none at all is not found.
    const [first, second] = listed;
    const changed = await api('PUT', `${targetsPath(key.kampChannelId)}/${first!.id}`, owner, { url: 'rtmps://live.example.com:443/app/' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<RestreamTarget>()).toMatchObject({ url: 'rtmps://live.example.com:443/app', keyHint: `••••${secret.slice(-4)}` });
    expect((await api('PUT', `${targetsPath(key.kampChannelId)}/${first!.id}`, stranger, { url: 'rtmp://example.com/app' })).statusCode).toBe(403);
    expect((await api('PUT', `${targetsPath(key.kampChannelId)}/999999`, owner, { url: 'rtmp://example.com/app' })).json<{ code: string }>().code).toBe('RESTREAM_TARGET_NOT_FOUND');
    const otherKey = await newKeyAndLive('other');
    expect((await api('DELETE', `${targetsPath(otherKey.key.kampChannelId)}/${second!.id}`, owner)).statusCode).toBe(404);
    expect((await api('DELETE', `${targetsPath(key.kampChannelId)}/${second!.id}`, stranger)).statusCode).toBe(403);
    expect((await api('DELETE', `${targetsPath(key.kampChannelId)}/${second!.id}`, owner)).statusCode).toBe(204);
    const again = await api('DELETE', `${targetsPath(key.kampChannelId)}/${second!.id}`, owner);
    expect([again.statusCode, again.json<{ code: string }>().code]).toEqual([404, 'RESTREAM_TARGET_NOT_FOUND']);
    expect(await targetsOf(key.kampChannelId)).toHaveLength(MAX_RESTREAM_TARGETS_PER_KEY - 1);
  });

  it('forwards the live to a listening RTMP server while on air, shows a closed port as failing with its reason, retries it with backoff, and stops on close', async () => {
    const { key, liveId } = await newKeyAndLive('restream');
    const goodPort = await freePort();
    const closedPort = await freePort();
    const goodKey = newTargetKey('good');
    const badKey = newTargetKey('bad');
    usedKeys.push(goodKey, badKey);
    const receiver = startReceiver(goodPort, goodKey);
    const good = (await api('POST', targetsPath(key.kampChannelId), owner, { url: `rtmp://127.0.0.1:${goodPort}/app`, key: goodKey })).json<RestreamTarget>();
    const bad = (await api('POST', targetsPath(key.kampChannelId), owner, { url: `rtmp://127.0.0.1:${closedPort}/app`, key: badKey })).json<RestreamTarget>();

    publish(key.streamKey);
    await eventually(async () => (await state(liveId)).reception === 'RECEIVING', 8000, 'receiving');
    // Off air nothing is forwarded.
    expect((await targetsOf(key.kampChannelId)).map((target) => target.forwarding)).toEqual([null, null]);
    expect(await receiver.bytes()).toBe(0);
    expect((await api('POST', `${base()}/${liveId}/start`, owner)).statusCode).toBe(200);

    const seen = new Set<string>();
    const byId = async () => {
      const list = await targetsOf(key.kampChannelId);
      for (const target of list) if (target.forwarding) seen.add(`${target.id}:${target.forwarding.state}`);
      return new Map(list.map((target) => [target.id, target]));
    };
    await eventually(async () => (await byId()).get(good.id)?.forwarding?.state === 'LIVE', 10_000, 'the good target live');
    // While forwarding, no process but the receiver (which listens under that name) has the target's key on its command line.
    expect(await commandLinesWith(goodKey, receiver.pid)).toEqual([]);
    // The receiver gets the stream while the live is on air.
    await eventually(async () => (await receiver.bytes()) > 100_000, 15_000, 'the stream at the receiver');

    // The closed port: failing with its reason, retried with backoff, then given up after RETRY.attempts failures in a row.
    const failing = await eventually(async () => {
      const forwarding = (await byId()).get(bad.id)?.forwarding;
      return forwarding?.state === 'FAILING' ? forwarding : null;
    }, 5000, 'the closed port failing');
    expect(failing.reason).toBe('CONNECTION_REFUSED');
    expect(failing.retryAt).not.toBeNull();
    const waited = Date.parse(failing.retryAt!) - Date.parse(failing.since);
    expect(waited).toBeGreaterThanOrEqual(RETRY.firstMs * 2 ** (failing.failures - 1) - 50);
    expect(waited).toBeLessThanOrEqual(RETRY.maxMs + 50);
    const stopped = await eventually(async () => {
      const forwarding = (await byId()).get(bad.id)?.forwarding;
      return forwarding?.state === 'STOPPED' ? forwarding : null;
    }, 10_000, 'the closed port given up');
    expect(stopped).toMatchObject({ reason: 'CONNECTION_REFUSED', failures: RETRY.attempts, retryAt: null });
    // A refused connection fails within a millisecond (no process to start), so CONNECTING is seen on the good one.
    expect(seen).toContain(`${good.id}:CONNECTING`);


    // The failing target disturbed nothing: still received, still recorded, still forwarded to the good one.
    expect((await state(liveId)).reception).toBe('RECEIVING');
    const playlist = path.join(dataDir, 'live', String(liveId), 'index.m3u8');
    const segmentsBefore = ((await readFile(playlist, 'utf8')).match(/\.ts/g) ?? []).length;
    const bytesBefore = await receiver.bytes();
    await eventually(async () => ((await readFile(playlist, 'utf8')).match(/\.ts/g) ?? []).length > segmentsBefore + 1, 8000, 'more segments recorded');
    await eventually(async () => (await receiver.bytes()) > bytesBefore + 50_000, 8000, 'more of the stream at the receiver');
    expect((await byId()).get(good.id)?.forwarding?.state).toBe('LIVE');

    // Close: every forward ends, the receiver sees its publisher leave.
    expect((await api('POST', `${base()}/${liveId}/close`, owner)).statusCode).toBe(200);
    expect((await targetsOf(key.kampChannelId)).map((target) => target.forwarding)).toEqual([null, null]);
    await Promise.race([receiver.exited, new Promise((_, reject) => setTimeout(() => reject(new Error('the receiver still receives after the close')), 10_000))]);
    // What it received is the live's H.264, copied: many frames of it.
    const [video] = (await receiver.videoFrames()).streams;
    expect(video?.codec_name).toBe('h264');
    expect(Number(video?.nb_read_packets)).toBeGreaterThan(90);
  });

  it('follows target changes while on air: an added target starts, a removed one stops', async () => {
    const { key, liveId } = await newKeyAndLive('changes');
    const port = await freePort();
    const targetKey = newTargetKey('late');
    usedKeys.push(targetKey);
    publish(key.streamKey);
    await eventually(async () => (await state(liveId)).reception === 'RECEIVING', 8000, 'receiving');
    expect((await api('POST', `${base()}/${liveId}/start`, owner)).statusCode).toBe(200);
    const receiver = startReceiver(port, targetKey);
    const target = (await api('POST', targetsPath(key.kampChannelId), owner, { url: `rtmp://127.0.0.1:${port}/app`, key: targetKey })).json<RestreamTarget>();
    await eventually(async () => (await receiver.bytes()) > 50_000, 15_000, 'the stream at a target added while on air');
    expect((await api('DELETE', `${targetsPath(key.kampChannelId)}/${target.id}`, owner)).statusCode).toBe(204);
    await Promise.race([receiver.exited, new Promise((_, reject) => setTimeout(() => reject(new Error('a removed target still receives')), 10_000))]);
    expect((await api('POST', `${base()}/${liveId}/close`, owner)).statusCode).toBe(200);
  });

  it('tries a target that gave up again, from its first step, when the encoder comes back', async () => {
    const { key, liveId } = await newKeyAndLive('comeback');
    const targetKey = newTargetKey('comeback');
    usedKeys.push(targetKey);
    const target = (await api('POST', targetsPath(key.kampChannelId), owner, { url: `rtmp://127.0.0.1:${await freePort()}/app`, key: targetKey })).json<RestreamTarget>();
    const forwardingOf = async () => (await targetsOf(key.kampChannelId)).find((candidate) => candidate.id === target.id)?.forwarding ?? null;
    const encoder = publish(key.streamKey);
    await eventually(async () => (await state(liveId)).reception === 'RECEIVING', 8000, 'receiving');
    expect((await api('POST', `${base()}/${liveId}/start`, owner)).statusCode).toBe(200);
    await eventually(async () => (await forwardingOf())?.state === 'STOPPED', 10_000, 'given up');
    await encoder.stop();
    await eventually(async () => (await state(liveId)).reception === 'INTERRUPTED', 8000, 'interrupted');
    publish(key.streamKey);
    await eventually(async () => (await state(liveId)).reception === 'RECEIVING', 8000, 'receiving again');
    const again = await eventually(async () => {
      const forwarding = await forwardingOf();
      return forwarding && forwarding.state !== 'STOPPED' ? forwarding : null;
    }, 8000, 'tried again');
    expect(again.failures).toBeLessThan(RETRY.attempts);
    expect((await api('POST', `${base()}/${liveId}/close`, owner)).statusCode).toBe(200);
    expect(await forwardingOf()).toBeNull();
  });

  it("never puts a target's key in an answer or a log line", () => {
    expect(usedKeys.length).toBeGreaterThan(3);
    // The log holds the forwarder's lines (so a key would be seen there if one were written).
    expect(log.some((line) => line.includes('restream target failed'))).toBe(true);
    for (const secret of usedKeys) {
      expect(answers.filter((body) => body.includes(secret))).toEqual([]);
      expect(log.filter((line) => line.includes(secret))).toEqual([]);
    }
  });
});
