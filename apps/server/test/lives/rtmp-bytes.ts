import net from 'node:net';

/**
 * An RTMP client's bytes written by hand (independent of the parser under
 * test), for tests that send what no encoder would.
 */

export type Amf = number | string | boolean | null | undefined | { [key: string]: Amf } | Raw;
/** Bytes put in an AMF0 sequence as they are (unknown markers, broken lengths). */
export type Raw = { raw: Buffer };

export function amf0(value: Amf): Buffer {
  if (value === null) return Buffer.from([0x05]);
  if (value === undefined) return Buffer.from([0x06]);
  if (typeof value === 'number') {
    const out = Buffer.alloc(9);
    out[0] = 0x00;
    out.writeDoubleBE(value, 1);
    return out;
  }
  if (typeof value === 'boolean') return Buffer.from([0x01, value ? 1 : 0]);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    const head = Buffer.alloc(3);
    head[0] = 0x02;
    head.writeUInt16BE(text.length, 1);
    return Buffer.concat([head, text]);
  }
  if ('raw' in value && Buffer.isBuffer(value.raw)) return value.raw;
  const parts: Buffer[] = [Buffer.from([0x03])];
  for (const [key, item] of Object.entries(value as Record<string, Amf>)) {
    const name = Buffer.from(key, 'utf8');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(name.length);
    parts.push(length, name, amf0(item));
  }
  parts.push(Buffer.from([0x00, 0x00, 0x09]));
  return Buffer.concat(parts);
}

export const amf0Sequence = (...values: Amf[]) => Buffer.concat(values.map(amf0));

/** C0 (version 3), C1 and C2 at once: the server does not check C2, so nothing needs to be read first. */
export function handshake(random: () => number = Math.random): Buffer {
  const c1 = Buffer.alloc(1536);
  for (let i = 8; i < c1.length; i++) c1[i] = Math.floor(random() * 256);
  return Buffer.concat([Buffer.from([3]), c1, c1]);
}

export type Chunking = { chunkSize?: number; timestamp?: number; streamId?: number };

/** One message as chunks: a type 0 header, then type 3 continuations every `chunkSize` bytes. */
export function message(cid: number, type: number, payload: Buffer, options: Chunking = {}): Buffer {
  const chunkSize = options.chunkSize ?? 128;
  const basic = (fmt: number) =>
    cid < 64 ? Buffer.from([(fmt << 6) | cid]) : cid < 320 ? Buffer.from([fmt << 6, cid - 64]) : Buffer.from([(fmt << 6) | 1, (cid - 64) & 0xff, (cid - 64) >> 8]);
  const header = Buffer.alloc(11);
  const timestamp = options.timestamp ?? 0;
  header.writeUIntBE(Math.min(timestamp, 0xffffff), 0, 3);
  header.writeUIntBE(payload.length, 3, 3);
  header[6] = type;
  header.writeUInt32LE(options.streamId ?? 0, 7);
  const extended = timestamp >= 0xffffff ? Buffer.from([timestamp >>> 24, (timestamp >>> 16) & 0xff, (timestamp >>> 8) & 0xff, timestamp & 0xff]) : Buffer.alloc(0);
  const parts: Buffer[] = [basic(0), header, extended];
  for (let offset = 0; offset < payload.length || offset === 0; offset += chunkSize) {
    if (offset > 0) parts.push(basic(3), extended);
    parts.push(payload.subarray(offset, offset + chunkSize));
    if (payload.length === 0) break;
  }
  return Buffer.concat(parts);
}

export const TYPE = { setChunkSize: 1, abort: 2, ack: 3, event: 4, windowAck: 5, peerBandwidth: 6, audio: 8, video: 9, amf3Data: 15, amf3SharedObject: 16, amf3Command: 17, data: 18, sharedObject: 19, command: 20, aggregate: 22 } as const;

export const command = (...values: Amf[]) => message(3, TYPE.command, amf0Sequence(...values));
export const connect = (cmdObj: Amf = { app: 'live', type: 'nonprivate', flashVer: 'FMLE/3.0', tcUrl: 'rtmp://127.0.0.1/live' }) => command('connect', 1, cmdObj);
export const createStream = () => command('createStream', 2, null);
export const publish = (name: string) => message(8, TYPE.command, amf0Sequence('publish', 3, null, name, 'live'), { streamId: 1 });
export const setChunkSize = (size: number) => {
  const payload = Buffer.alloc(4);
  payload.writeUInt32BE(size >>> 0);
  return message(2, TYPE.setChunkSize, payload);
};

/** The opening of a publish of `key`, as ffmpeg sends it. */
export const publishOpening = (key: string, random?: () => number) => Buffer.concat([handshake(random), connect(), createStream(), publish(key)]);

export type Exchange = { closedByServer: boolean; received: Buffer; ms: number };

/**
 * Connects, writes `writes`, half-closes, and waits until the server closes
 * the connection (or `waitMs` passed: then we close it). With `answer`, the
 * first write's answer is awaited before the rest (as an encoder waits for
 * NetStream.Publish.Start before sending media), and the connection is left
 * open until the server sends it: a client's end would otherwise close the
 * connection before its key was decided.
 */
export function exchange(
  port: number,
  writes: Buffer[],
  options: { waitMs?: number; halfClose?: boolean; pauseMs?: number; from?: string; answer?: { text: string; withinMs: number } } = {},
): Promise<Exchange> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', ...(options.from ? { localAddress: options.from } : {}) });
    let received = Buffer.alloc(0);
    let closedByServer = false;
    let timer: NodeJS.Timeout | undefined;
    let answered: () => void = () => undefined;
    // What the server answered (its first 64 KiB): status codes are read from it.
    socket.on('data', (data: Buffer) => {
      if (received.length < 65_536) received = Buffer.concat([received, data]);
      if (options.answer && received.includes(options.answer.text)) answered();
    });
    socket.on('end', () => void (closedByServer = true));
    socket.on('error', () => void (closedByServer = true));
    socket.on('close', () => {
      clearTimeout(timer);
      answered();
      resolve({ closedByServer, received, ms: performance.now() - started });
    });
    socket.on('connect', () => {
      void (async () => {
        for (const [index, bytes] of writes.entries()) {
          if (socket.destroyed) return;
          socket.write(bytes);
          if (index === 0 && options.answer) {
            const { withinMs } = options.answer;
            await new Promise<void>((done) => {
              const wait = setTimeout(done, withinMs);
              answered = () => {
                clearTimeout(wait);
                done();
              };
              if (options.answer && received.includes(options.answer.text)) answered();
            });
          }
          if (options.pauseMs) await new Promise((r) => setTimeout(r, options.pauseMs));
        }
        if (options.halfClose !== false && !socket.destroyed) socket.end();
        timer = setTimeout(() => socket.destroy(), options.waitMs ?? 1000);
      })();
    });
  });
}
