import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import tls from 'node:tls';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestreamFailure } from '@studio/contract/restream';
import { MAX_SEND_BACKLOG_BYTES, RtmpPublisher } from '../../src/modules/lives/ingest/rtmp-publisher';
import { prng, watchProcessErrors } from '../fuzz';
import { amf0Sequence, message, TYPE } from './rtmp-bytes';
import { freePort } from '../global-setup';

/**
 * Our RTMP publishing client (decision 064) against a real receiver (ffmpeg listening for RTMP: what it
 * keeps must be H.264 and AAC that decode, across the 24-bit timestamp's end too), a target that refuses,
 * and hostile targets that answer garbage (the process survives, each ends with a reason).
 */

const FFMPEG = '/usr/bin/ffmpeg';
const FFPROBE = '/usr/bin/ffprobe';
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'rtmp-publisher-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Outcome = { reason: RestreamFailure | null; detail: string; published: boolean };

/** Publishes `feed` (called once the target accepted) and resolves with how the connection ended. */
function run(url: string, key: string, feed?: (publisher: RtmpPublisher) => void, timeoutMs = 10_000, rejectUnauthorized?: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    let published = false;
    const publisher: RtmpPublisher = new RtmpPublisher({
      url,
      key,
      timeoutMs,
      ...(rejectUnauthorized === undefined ? {} : { rejectUnauthorized }),
      onPublishing: () => {
        published = true;
        feed?.(publisher);
      },
      onEnd: (reason, detail) => resolve({ reason, detail, published }),
    });
    publisher.start();
  });
}

/** Splits FLV bytes into whole tags (with their previous-tag-size), shifting each tag's time by `offset`. */
function flvTags(offset: number) {
  let pending = Buffer.alloc(0);
  let header = false;
  return (chunk: Buffer): Buffer[] => {
    pending = Buffer.concat([pending, chunk]);
    const out: Buffer[] = [];
    if (!header) {
      if (pending.length < 13) return out;
      out.push(pending.subarray(0, 13));
      pending = pending.subarray(13);
      header = true;
    }
    while (pending.length >= 11) {
      const size = pending.readUIntBE(1, 3);
      if (pending.length < 11 + size + 4) break;
      const tag = Buffer.from(pending.subarray(0, 11 + size + 4));
      pending = pending.subarray(11 + size + 4);
      const time = ((tag.readUIntBE(4, 3) | (tag[7]! << 24)) >>> 0) + offset;
      tag.writeUIntBE(time & 0xffffff, 4, 3);
      tag[7] = (time >>> 24) & 0xff;
      out.push(tag);
    }
    return out;
  };
}

/** Two seconds of a 320x240 H.264 test picture, sent to a publisher as ffmpeg makes it, then the end. */
function sendTestPicture(publisher: RtmpPublisher): void {
  const source = spawn(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=30', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-pix_fmt', 'yuv420p', '-f', 'flv', 'pipe:1'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const split = flvTags(0);
  source.stdout.on('data', (chunk: Buffer) => {
    for (const tag of split(chunk)) publisher.sendFlv(tag);
  });
  source.on('close', () => publisher.end());
}

describe('our RTMP client publishing to ffmpeg listening for RTMP', () => {
  for (const [label, offset] of [['from time 0', 0], ['across the 24-bit timestamp', 0xffffff - 1500], ['past the 24-bit timestamp (extended timestamps)', 0x1000000 + 1000]] as const) {
    it(`delivers H.264 and AAC that decode, ${label}`, async () => {
      const port = await freePort();
      const key = `live_${Math.random().toString(36).slice(2)}`;
      const file = path.join(dir, `received-${port}.flv`);
      const receiver = spawn(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-listen', '1', '-i', `rtmp://127.0.0.1:${port}/app/${key}`, '-copyts', '-c', 'copy', '-f', 'flv', '-y', file], { stdio: ['ignore', 'ignore', 'pipe'] });
      receiver.stderr.resume();
      const received = new Promise<number | null>((resolve) => receiver.on('close', resolve));
      // Give the receiver a moment to listen.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const outcome = await run(`rtmp://127.0.0.1:${port}/app`, key, (publisher) => {
        const source = spawn(FFMPEG, [
          '-hide_banner', '-loglevel', 'error', '-nostdin', '-re',
          '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100',
          '-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv', 'pipe:1',
        ], { stdio: ['ignore', 'pipe', 'ignore'] });
        const split = flvTags(offset);
        source.stdout.on('data', (chunk: Buffer) => {
          for (const tag of split(chunk)) publisher.sendFlv(tag);
        });
        source.on('close', () => publisher.end());
      });
      expect(outcome).toEqual({ reason: null, detail: 'ended', published: true });
      await Promise.race([received, new Promise((_, reject) => setTimeout(() => reject(new Error('the receiver did not end')), 8000))]);
      const probe = spawnSync(FFPROBE, ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_name,nb_read_frames', '-of', 'json', file], { encoding: 'utf8' });
      const streams = (JSON.parse(probe.stdout) as { streams: { codec_name: string; nb_read_frames: string }[] }).streams;
      const video = streams.find((stream) => stream.codec_name === 'h264');
      const audio = streams.find((stream) => stream.codec_name === 'aac');
      // 4 s at 30 fps (the first GOP may start late by a frame or two), and decoded audio.
      expect(Number(video?.nb_read_frames)).toBeGreaterThan(100);
      expect(Number(audio?.nb_read_frames)).toBeGreaterThan(100);
      // The times arrived as sent (kept by -copyts): a wrong extended timestamp would move them.
      const start = spawnSync(FFPROBE, ['-v', 'error', '-show_entries', 'format=start_time', '-of', 'csv=p=0', file], { encoding: 'utf8' });
      expect(Math.abs(Number(start.stdout.trim()) - offset / 1000)).toBeLessThan(1);
      const decode = spawnSync(FFMPEG, ['-v', 'error', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' });
      expect(decode.status).toBe(0);
      expect(decode.stderr).toBe('');
    });
  }
});

describe('our RTMP client over TLS (rtmps://)', () => {
  /**
   * ffmpeg cannot listen for rtmps, so the target is a TLS server (a self-signed certificate made here)
   * that hands the decrypted bytes to ffmpeg listening for plain RTMP: the client's TLS is real end to end.
   */
  async function tlsTarget() {
    const keyFile = path.join(dir, 'tls-key.pem');
    const certFile = path.join(dir, 'tls-cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    const rtmpPort = await freePort();
    const server = tls.createServer({ key: readFileSync(keyFile), cert: readFileSync(certFile) }, (secure) => {
      const plain = net.connect(rtmpPort, '127.0.0.1');
      secure.on('error', () => plain.destroy());
      plain.on('error', () => secure.destroy());
      secure.pipe(plain).pipe(secure);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    return { url: `rtmps://127.0.0.1:${port}/app`, rtmpPort, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  it('refuses a certificate it cannot verify (TLS), and delivers H.264 over TLS when told to trust it', async () => {
    const target = await tlsTarget();
    const key = `live_${Math.random().toString(36).slice(2)}`;
    // Verified by default: a self-signed certificate ends the attempt with TLS, before anything is sent.
    const refused = await run(target.url, key);
    expect(refused).toMatchObject({ reason: 'TLS', published: false });
    expect(JSON.stringify(refused)).not.toContain(key);

    const file = path.join(dir, `received-tls-${target.rtmpPort}.flv`);
    const receiver = spawn(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-listen', '1', '-i', `rtmp://127.0.0.1:${target.rtmpPort}/app/${key}`, '-c', 'copy', '-f', 'flv', '-y', file], { stdio: ['ignore', 'ignore', 'pipe'] });
    receiver.stderr.resume();
    const received = new Promise<number | null>((resolve) => receiver.on('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const outcome = await run(
      target.url,
      key,
      sendTestPicture,
      10_000,
      false,
    );
    expect(outcome).toEqual({ reason: null, detail: 'ended', published: true });
    await Promise.race([received, new Promise((_, reject) => setTimeout(() => reject(new Error('the receiver did not end')), 8000))]);
    const probe = spawnSync(FFPROBE, ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_name,nb_read_frames', '-of', 'json', file], { encoding: 'utf8' });
    const video = (JSON.parse(probe.stdout) as { streams: { codec_name: string; nb_read_frames: string }[] }).streams.find((stream) => stream.codec_name === 'h264');
    expect(Number(video?.nb_read_frames)).toBeGreaterThan(40);
    await target.close();
  });
});

/** A scripted target: does the RTMP handshake, then writes what `answer` returns for each piece it receives. */
async function scriptedTarget(answer: (received: Buffer, index: number) => Buffer | null, handshake = true) {
  const server = net.createServer((socket) => {
    let buffered = Buffer.alloc(0);
    let shook = !handshake;
    let index = 0;
    socket.on('error', () => undefined);
    socket.on('data', (data) => {
      if (!shook) {
        buffered = Buffer.concat([buffered, data]);
        if (buffered.length < 1537) return;
        shook = true;
        const s1 = Buffer.alloc(1536);
        socket.write(Buffer.concat([Buffer.from([3]), s1, buffered.subarray(1, 1537)]));
        data = buffered.subarray(1537);
        if (!data.length) return;
      }
      const reply = answer(data, index++);
      if (reply && !socket.destroyed) socket.write(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `rtmp://127.0.0.1:${port}/app`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const command = (...values: Parameters<typeof amf0Sequence>) => message(3, TYPE.command, amf0Sequence(...values));

describe('our RTMP client publishing to nginx-rtmp', () => {
  const NGINX = '/usr/sbin/nginx';
  const MODULE = '/usr/lib/nginx/modules/ngx_rtmp_module.so';

  it('is accepted by nginx-rtmp, which records the H.264 it sends', async () => {
    expect(existsSync(NGINX) && existsSync(MODULE), 'nginx and libnginx-mod-rtmp (run scripts/ensure-media-tools.mjs --nginx)').toBe(true);
    const home = await mkdtemp(path.join(dir, 'nginx-'));
    const port = await freePort();
    await writeFile(
      path.join(home, 'nginx.conf'),
      `load_module ${MODULE};\ndaemon off;\nmaster_process off;\npid ${home}/nginx.pid;\nerror_log ${home}/error.log warn;\nevents {}\n` +
        `rtmp { server { listen 127.0.0.1:${port}; application app { live on; record all; record_path ${home}; record_suffix .flv; record_unique off; } } }\n`,
    );
    const nginx = spawn(NGINX, ['-p', home, '-c', path.join(home, 'nginx.conf')], { stdio: 'ignore' });
    try {
      for (let tries = 0; ; tries += 1) {
        const open = await new Promise<boolean>((resolve) => {
          const probe = net.connect(port, '127.0.0.1', () => {
            probe.end();
            resolve(true);
          });
          probe.on('error', () => resolve(false));
        });
        if (open) break;
        if (tries > 50) throw new Error('nginx did not listen');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const outcome = await run(`rtmp://127.0.0.1:${port}/app`, 'live_to_nginx', sendTestPicture);
      expect(outcome).toEqual({ reason: null, detail: 'ended', published: true });
      const recording = path.join(home, 'live_to_nginx.flv');
      for (let tries = 0; !existsSync(recording) && tries < 30; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      const probe = spawnSync(FFPROBE, ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_name,nb_read_frames', '-of', 'json', recording], { encoding: 'utf8' });
      const video = (JSON.parse(probe.stdout || '{"streams":[]}') as { streams: { codec_name: string; nb_read_frames: string }[] }).streams.find((stream) => stream.codec_name === 'h264');
      expect(Number(video?.nb_read_frames)).toBeGreaterThan(40);
    } finally {
      nginx.kill('SIGTERM');
    }
  });
});

describe('a target that stops reading', () => {
  it('holds at most MAX_SEND_BACKLOG_BYTES unsent (then drops to the next keyframe) and ends TIMED_OUT when nothing drains', async () => {
    let paused: net.Socket | null = null;
    const server = net.createServer((socket) => {
      let buffered = Buffer.alloc(0);
      let shook = false;
      socket.on('error', () => undefined);
      socket.on('data', (data) => {
        if (!shook) {
          buffered = Buffer.concat([buffered, data]);
          if (buffered.length < 1537) return;
          shook = true;
          socket.write(Buffer.concat([Buffer.from([3]), Buffer.alloc(1536), buffered.subarray(1, 1537)]));
          data = buffered.subarray(1537);
          if (!data.length) return;
        }
        const text = data.toString('latin1');
        if (text.includes('connect') && !text.includes('createStream')) socket.write(command('_result', 1, { fmsVer: 'FMS/3,0,1,123' }, { level: 'status', code: 'NetConnection.Connect.Success' }));
        if (text.includes('createStream')) socket.write(command('_result', 4, null, 1));
        if (text.includes('publish')) {
          socket.write(command('onStatus', 0, null, { level: 'status', code: 'NetStream.Publish.Start' }));
          // Accepted, and from now on nothing is read: the client's writes back up.
          socket.pause();
          paused = socket;
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    let backlog = 0;
    const tag = (keyframe: boolean, time: number) => {
      const data = Buffer.alloc(256 * 1024, 0x42);
      data[0] = keyframe ? 0x17 : 0x27;
      data[1] = 1;
      const header = Buffer.alloc(11);
      header[0] = 9;
      header.writeUIntBE(data.length, 1, 3);
      header.writeUIntBE(time & 0xffffff, 4, 3);
      const size = Buffer.alloc(4);
      size.writeUInt32BE(11 + data.length);
      return Buffer.concat([header, data, size]);
    };
    const outcome = await run(
      `rtmp://127.0.0.1:${port}/app`,
      'live_stalled',
      (publisher) => {
        publisher.sendFlv(Buffer.from([0x46, 0x4c, 0x56, 1, 5, 0, 0, 0, 9, 0, 0, 0, 0]));
        // 40 MiB offered at once, a keyframe every 16 tags: far more than a stalled socket may hold.
        for (let n = 0; n < 160; n += 1) {
          publisher.sendFlv(tag(n % 16 === 0, n * 33));
          backlog = Math.max(backlog, (publisher as unknown as { socket: net.Socket | null }).socket?.writableLength ?? 0);
        }
      },
      1_500,
    );
    expect(outcome).toMatchObject({ reason: 'TIMED_OUT', published: true });
    expect(backlog).toBeGreaterThan(0);
    expect(backlog).toBeLessThanOrEqual(MAX_SEND_BACKLOG_BYTES + 300 * 1024);
    (paused as net.Socket | null)?.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});

describe('a target that refuses', () => {
  it('that refuses the connection: REJECTED', async () => {
    const target = await scriptedTarget((_, index) => (index === 0 ? command('_error', 1, null, { level: 'error', code: 'NetConnection.Connect.Rejected' }) : null));
    expect((await run(target.url, 'live_secret')).reason).toBe('REJECTED');
    await target.close();
  });

  it('that refuses the stream name: REJECTED, and the key in no text of the outcome', async () => {
    // Connect accepted, stream created, publish refused as nginx-rtmp or a platform does.
    const target = await scriptedTarget((received) => {
      const text = received.toString('latin1');
      if (text.includes('connect') && !text.includes('createStream')) return command('_result', 1, { fmsVer: 'FMS/3,0,1,123' }, { level: 'status', code: 'NetConnection.Connect.Success' });
      if (text.includes('createStream')) return command('_result', 4, null, 1);
      if (text.includes('publish')) return command('onStatus', 0, null, { level: 'error', code: 'NetStream.Publish.BadName', description: 'refused' });
      return null;
    });
    const outcome = await run(target.url, 'live_refused_secret');
    expect(outcome.reason).toBe('REJECTED');
    expect(JSON.stringify(outcome)).not.toContain('live_refused_secret');
    await target.close();
  });

  it('that never answers: TIMED_OUT within the timeout', async () => {
    const target = await scriptedTarget(() => null);
    const started = Date.now();
    expect((await run(target.url, 'live_secret', undefined, 500)).reason).toBe('TIMED_OUT');
    expect(Date.now() - started).toBeLessThan(3000);
    await target.close();
  });
});

describe('hostile targets', () => {
  it('answering garbage, huge messages or floods: every connection ends with a reason, nothing escapes to the process', async () => {
    const watch = watchProcessErrors();
    watch.start();
    const random = prng(Number(process.env.RTMP_PUBLISHER_FUZZ_SEED ?? 20_261_127));
    const valid = [
      command('_result', 1, { fmsVer: 'FMS/3,0,1,123' }, { level: 'status', code: 'NetConnection.Connect.Success' }),
      command('_result', 4, null, 1),
    ];
    const huge = Buffer.from([0x03, 0, 0, 0, 0xff, 0xff, 0xff, 20, 0, 0, 0, 0]);
    const cases: { name: string; handshake: boolean; reply: (index: number) => Buffer | null; expected?: RestreamFailure }[] = [
      { name: 'random bytes instead of a handshake', handshake: false, expected: 'UNKNOWN', reply: () => random.bytes(4000) },
      { name: 'a 16 MB message announced', handshake: true, expected: 'UNKNOWN', reply: () => huge },
      { name: 'a flood of acknowledgements before publish', handshake: true, expected: 'UNKNOWN', reply: () => Buffer.concat(Array.from({ length: 40_000 }, () => message(2, TYPE.ack, Buffer.alloc(4)))) },
      { name: 'a huge chunk size then a partial message', handshake: true, reply: () => Buffer.concat([message(2, TYPE.setChunkSize, Buffer.from([0x7f, 0xff, 0xff, 0xff])), Buffer.from([0x03, 0, 0, 0, 0, 0xff, 0, 20, 0, 0, 0, 0])]) },
      { name: 'a deep AMF0 object', handshake: true, expected: 'UNKNOWN', reply: () => message(3, TYPE.command, Buffer.concat([amf0Sequence('_result', 1), Buffer.alloc(5000, 0x03)])) },
      { name: 'an array claiming 4 G items', handshake: true, expected: 'UNKNOWN', reply: () => message(3, TYPE.command, Buffer.concat([amf0Sequence('_result', 1), Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff])])) },
    ];
    for (let i = 0; i < 60; i++) {
      cases.push({ name: `random after the handshake #${i}`, handshake: true, reply: () => random.bytes(1 + random.int(3000)) });
      cases.push({
        name: `mutated answers #${i}`,
        handshake: true,
        reply: (index) => {
          const bytes = Buffer.from(valid[index % 2]!);
          for (let flips = 1 + random.int(4); flips > 0; flips--) bytes[random.int(bytes.length)] = random.int(256);
          return Buffer.concat([bytes, random.bytes(random.int(64))]);
        },
      });
    }
    const failures: string[] = [];
    for (const one of cases) {
      const target = await scriptedTarget((_, index) => one.reply(index), one.handshake);
      const outcome = await run(target.url, 'live_fuzz_secret', undefined, 1000);
      if (outcome.reason === null) failures.push(`${one.name}: ended without a reason`);
      // The bounds end these at once, not at the timeout.
      if (one.expected && outcome.reason !== one.expected) failures.push(`${one.name}: ${outcome.reason} (${outcome.detail})`);
      await target.close();
    }
    watch.stop();
    expect(failures).toEqual([]);
    expect(watch.errors).toEqual([]);
  }, 120_000);
});
