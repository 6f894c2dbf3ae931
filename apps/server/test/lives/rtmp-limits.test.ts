import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StreamKey } from '@studio/contract/live';
import { addMember, createChannel, createPerson } from '../../src/seed/factories';
import { call, createTestApp, ORIGIN, type TestContext } from '../helper';
import { watchProcessErrors } from '../fuzz';
import { amf0Sequence, command, exchange, handshake, message, publishOpening, setChunkSize, TYPE } from './rtmp-bytes';

/**
 * What one address may cost the ingest (issue 20): wrong stream keys are
 * throttled per address after a burst, at the embedded ingest and at
 * nginx-rtmp's on_publish alike, without slowing anyone who never failed; an
 * address holds a bounded number of connections; a connection that has not
 * published by the deadline is closed. Addresses are loopback aliases
 * (127.0.0.x), which Linux routes without setup.
 */

const ATTEMPTS = 5;
const CONNECTIONS = 3;
const DEADLINE_SECONDS = 2;
const TOKEN = 'limits-callback-token-0123456789';
const WRONG = 'live_0123456789abcdef0123456789abcdef01234567';

let t: TestContext;
let rtmpPort: number;
let key: StreamKey;
// Nothing here may reach the process (see rtmp-fuzz.test.ts for why vitest's own report is not enough).
const watch = watchProcessErrors();
const processErrors = watch.errors;

afterEach(() => {
  expect(processErrors).toEqual([]);
});

beforeAll(async () => {
  watch.start();
  t = await createTestApp({
    env: {
      RTMP_INGEST: 'embedded',
      RTMP_PORT: '0',
      RTMP_HOST: '127.0.0.1',
      FFMPEG_PATH: '/usr/bin/ffmpeg',
      INGEST_CALLBACK_TOKEN: TOKEN,
      STREAM_KEY_ATTEMPTS_PER_MINUTE: String(ATTEMPTS),
      RTMP_CONNECTIONS_PER_ADDRESS: String(CONNECTIONS),
      RTMP_PUBLISH_DEADLINE_SECONDS: String(DEADLINE_SECONDS),
    },
  });
  const person = await createPerson(t.db, { name: '소유자' });
  const channelId = await createChannel(t.db, { status: 'SERVICE', live_status: 'SERVICE' });
  await addMember(t.db, channelId, person.userId, 'OWNER');
  const owner = await t.cookieFor(person.userId);
  const base = `/api/channels/${channelId}/lives`;
  await call(t.app, 'POST', `${base}/streams?title=limits`, owner);
  key = (await call(t.app, 'GET', `${base}/streams`, owner)).json<StreamKey[]>()[0]!;
  rtmpPort = Number(/:(\d+)\/live$/.exec(key.serverUrl)?.[1]);
});

afterAll(async () => {
  await t?.close();
  watch.stop();
});

/** A whole publish attempt from `from`: what the ingest answered, and how fast. */
async function attempt(secret: string, from: string) {
  const result = await exchange(rtmpPort, [publishOpening(secret)], { from, waitMs: 200, answer: { text: 'NetStream.Publish.', withinMs: 3000 } });
  const accepted = result.received.includes('NetStream.Publish.Start');
  return { accepted, refused: !accepted && result.received.includes('NetStream.Publish.BadName'), ms: result.ms };
}

const onPublish = (secret: string, addr: string) =>
  t.app.inject({ method: 'POST', url: `/ingest/on_publish?token=${TOKEN}`, headers: { origin: ORIGIN }, payload: { app: 'live', name: secret, addr } });

describe('stream key attempts per address', () => {
  it('embedded ingest: a burst of wrong keys is throttled (even the right key is then refused unheard), another address is not slowed, and the throttle passes with the minute', async () => {
    const guesser = '127.0.0.21';
    for (let i = 0; i < ATTEMPTS; i++) expect((await attempt(WRONG, guesser)).refused, `wrong key ${i + 1}`).toBe(true);
    // Past the burst: refused before any look-up, which a right key would have passed.
    expect((await attempt(key.streamKey, guesser)).accepted).toBe(false);

    const other = await attempt(key.streamKey, '127.0.0.22');
    expect(other.accepted).toBe(true);
    expect(other.ms).toBeLessThan(1500);
    // An address that only ever used its right key is never counted, however often it comes.
    for (let i = 0; i < ATTEMPTS + 2; i++) expect((await attempt(key.streamKey, '127.0.0.22')).accepted, `right key ${i + 1}`).toBe(true);

    t.clock.advance(60_000);
    expect((await attempt(key.streamKey, guesser)).accepted).toBe(true);
  });

  it("nginx-rtmp's on_publish: the same throttle by the client's addr, answered 429 RATE_LIMITED", async () => {
    for (let i = 0; i < ATTEMPTS; i++) expect((await onPublish(WRONG, '10.0.0.1')).statusCode, `wrong key ${i + 1}`).toBe(403);
    const throttled = await onPublish(key.streamKey, '10.0.0.1');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json<{ code: string }>().code).toBe('RATE_LIMITED');
    // The same address written as IPv4-mapped IPv6 is the same address.
    expect((await onPublish(key.streamKey, '::ffff:10.0.0.1')).statusCode).toBe(429);
    expect((await onPublish(key.streamKey, '10.0.0.2')).statusCode).toBe(204);
    t.clock.advance(60_000);
    expect((await onPublish(key.streamKey, '10.0.0.1')).statusCode).toBe(204);
  });
});

describe('a key that cannot be decided', () => {
  it('the database failing under a publish attempt refuses that attempt only', async () => {
    await sql`ALTER TABLE stream_keys RENAME TO stream_keys_away`.execute(t.db);
    try {
      const result = await attempt(key.streamKey, '127.0.0.61');
      expect(result.accepted).toBe(false);
      expect(result.refused).toBe(true);
    } finally {
      await sql`ALTER TABLE stream_keys_away RENAME TO stream_keys`.execute(t.db);
    }
    expect((await attempt(key.streamKey, '127.0.0.61')).accepted).toBe(true);
  });
});

describe('connections per address and the publish deadline', () => {
  /** A connection that sent C0 and waits; resolves when the server closes it. */
  function openConnection(from: string) {
    const socket = net.connect({ port: rtmpPort, host: '127.0.0.1', localAddress: from });
    const closed = new Promise<number>((resolve) => {
      const started = performance.now();
      socket.on('close', () => resolve(performance.now() - started));
      socket.on('error', () => undefined);
    });
    socket.on('connect', () => socket.write(Buffer.from([3])));
    return { socket, closed };
  }

  it(`an address holds at most ${CONNECTIONS} connections; the next one is closed at once, others are not affected`, async () => {
    const held = Array.from({ length: CONNECTIONS }, () => openConnection('127.0.0.31'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const extra = openConnection('127.0.0.31');
    expect(await extra.closed).toBeLessThan(500);
    // Another address still gets a full publish through.
    expect((await attempt(key.streamKey, '127.0.0.32')).accepted).toBe(true);
    // One closed: room for one more.
    held[0]!.socket.destroy();
    await held[0]!.closed;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await attempt(key.streamKey, '127.0.0.31')).accepted).toBe(true);
    for (const connection of held) connection.socket.destroy();
  });

  it(`a connection that has not published within ${DEADLINE_SECONDS} s is closed, however it trickles`, async () => {
    const socket = net.connect({ port: rtmpPort, host: '127.0.0.1', localAddress: '127.0.0.41' });
    socket.on('error', () => undefined);
    const started = performance.now();
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now() - started)));
    // The handshake one byte every 200 ms: never idle, never done.
    const c0c1 = handshake();
    let sent = 0;
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write(c0c1.subarray(sent, ++sent));
    }, 200);
    const ms = await closed;
    clearInterval(trickle);
    expect(ms).toBeGreaterThan(DEADLINE_SECONDS * 1000 - 200);
    expect(ms).toBeLessThan(DEADLINE_SECONDS * 1000 + 1500);
  });
});

describe('what one connection may hold', () => {
  // Each is sent without closing our side: only the guard can end the connection before the deadline.
  const cases: [string, () => Buffer[]][] = [
    ['a 16 MiB message declared before any key', () => [handshake(), Buffer.from([0x03, 0, 0, 0, 0xff, 0xff, 0xff, TYPE.command, 0, 0, 0, 0, 0x02])]],
    ['a 17th chunk stream', () => [handshake(), ...Array.from({ length: 17 }, (_, i) => message(10 + i, TYPE.windowAck, Buffer.from([0, 0, 1, 0])))]],
    ['Set Chunk Size 0', () => [handshake(), setChunkSize(0)]],
    ['Set Chunk Size 127', () => [handshake(), setChunkSize(127)]],
    ['Set Chunk Size 2^32 - 1', () => [handshake(), setChunkSize(0xffffffff)]],
    ['a message changing its length midway', () => [handshake(), Buffer.from([0x03, 0, 0, 0, 0, 1, 0, TYPE.command, 0, 0, 0, 0]), Buffer.alloc(128), Buffer.from([0x03, 0, 0, 0, 0xff, 0, 0, TYPE.command, 0, 0, 0, 0])]],
    ['connect without tcUrl', () => [handshake(), command('connect', 1, { app: 'live' })]],
    ['connect with an unknown AMF0 marker', () => [handshake(), command('connect', 1, { raw: Buffer.from([0x0d]) })]],
    ['publish before connect', () => [handshake(), message(8, TYPE.command, amf0Sequence('publish', 3, null, 'x'), { streamId: 1 })]],
    ['a version byte other than 3', () => [Buffer.from([6])]],
  ];
  for (const [name, writes] of cases) {
    it(`${name}: closed at once`, async () => {
      const result = await exchange(rtmpPort, writes(), { halfClose: false, waitMs: DEADLINE_SECONDS * 1000 + 1000, from: '127.0.0.51' });
      expect(result.closedByServer).toBe(true);
      expect(result.ms).toBeLessThan(DEADLINE_SECONDS * 1000 - 500);
    });
  }

  it('answers a publisher never reads: closed once 1 MiB of them waits (no deadline applies after acceptance)', async () => {
    const socket = net.connect({ port: rtmpPort, host: '127.0.0.1', localAddress: '127.0.0.53' });
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    let answers = Buffer.alloc(0);
    const accepted = new Promise<void>((resolve) => {
      socket.on('data', (data: Buffer) => {
        answers = Buffer.concat([answers, data]);
        if (answers.includes('NetStream.Publish.Start')) resolve();
      });
    });
    socket.write(publishOpening(key.streamKey));
    await accepted;
    socket.pause();
    const started = performance.now();
    // About 40 bytes of answer per 30 sent: the kernel's buffers fill first, then the ingest's.
    const burst = Buffer.concat(Array.from({ length: 1000 }, () => command('createStream', 2, null)));
    while (!socket.destroyed && performance.now() - started < 10_000) {
      if (!socket.write(burst)) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await closed;
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('a message over RTMP_MAX_MESSAGE_BYTES from an accepted publisher: closed at once', async () => {
    // 9 MiB declared on the video chunk stream after NetStream.Publish.Start (the default bound is 8 MiB).
    const result = await exchange(rtmpPort, [publishOpening(key.streamKey), Buffer.from([0x06, 0, 0, 0, 0x90, 0, 0, TYPE.video, 1, 0, 0, 0, 0x17])], {
      halfClose: false,
      waitMs: 5000,
      from: '127.0.0.52',
      answer: { text: 'NetStream.Publish.Start', withinMs: 3000 },
    });
    expect(result.received.includes('NetStream.Publish.Start')).toBe(true);
    expect(result.closedByServer).toBe(true);
    expect(result.ms).toBeLessThan(3000);
  });
});
