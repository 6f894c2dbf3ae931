import { randomBytes } from 'node:crypto';
import net from 'node:net';
import tls from 'node:tls';
import type { RestreamFailure } from '@studio/contract/restream';

/**
 * A small RTMP publishing client (Adobe's RTMP specification, AMF0), written so a restream target's key
 * never leaves this process: ffmpeg took it on its command line, readable by any local user
 * (decision 064). It connects, publishes the key's stream name and sends the FLV tags it is given.
 * Everything the target sends is bounded; nothing it does throws out of here: it ends in `onEnd` with a
 * RestreamFailure (or null when we ended it). No text here holds the address or the key.
 */

export type PublisherOptions = {
  /** rtmp:// or rtmps:// with the app in its path. */
  url: string;
  /** The stream name to publish (the target's secret key). */
  key: string;
  /** Connect, handshake and publish start must each finish within this; a write must drain within it. */
  timeoutMs?: number;
  /** rtmps only: verify the target's certificate (default true). */
  rejectUnauthorized?: boolean;
  /** The target accepted the publication: tags may come. */
  onPublishing(): void;
  /** The connection ended: a failure's reason, or null when end()/destroy() asked for it. `detail` is fixed text (no address, no key). */
  onEnd(reason: RestreamFailure | null, detail: string): void;
};

export const PUBLISH_TIMEOUT_MS = 10_000;
/** The largest message a target may send us (its commands are a few hundred bytes). */
export const MAX_INCOMING_MESSAGE_BYTES = 64 * 1024;
/** What a target may send before it accepts the publication. */
export const MAX_BYTES_BEFORE_PUBLISH = 256 * 1024;
/** Chunk streams a target may use at once. */
const MAX_CHUNK_STREAMS = 16;
/** Past this much unsent, tags are dropped until the next video keyframe (like the hub's writeUnlessBehind). */
export const MAX_SEND_BACKLOG_BYTES = 8 * 1024 * 1024;
const OUT_CHUNK_SIZE = 4096;
const HANDSHAKE_SIZE = 1536;

/** Raised inside the client only; its message is fixed text. */
class Failure extends Error {
  constructor(readonly reason: RestreamFailure, message: string) {
    super(message);
  }
}

// ---- AMF0 -------------------------------------------------------------------------------------------

export type Amf = number | boolean | string | null | undefined | { [key: string]: Amf } | Amf[];

function amfString(value: string): Buffer {
  const bytes = Buffer.from(value, 'utf8');
  const head = Buffer.alloc(2);
  head.writeUInt16BE(bytes.length);
  return Buffer.concat([head, bytes]);
}

export function encodeAmf0(value: Amf): Buffer {
  if (typeof value === 'number') {
    const out = Buffer.alloc(9);
    out[0] = 0x00;
    out.writeDoubleBE(value, 1);
    return out;
  }
  if (typeof value === 'boolean') return Buffer.from([0x01, value ? 1 : 0]);
  if (typeof value === 'string') return Buffer.concat([Buffer.from([0x02]), amfString(value)]);
  if (value === null) return Buffer.from([0x05]);
  if (value === undefined) return Buffer.from([0x06]);
  if (Array.isArray(value)) {
    const head = Buffer.alloc(5);
    head[0] = 0x0a;
    head.writeUInt32BE(value.length, 1);
    return Buffer.concat([head, ...value.map(encodeAmf0)]);
  }
  const parts: Buffer[] = [Buffer.from([0x03])];
  for (const [name, item] of Object.entries(value)) parts.push(amfString(name), encodeAmf0(item));
  parts.push(Buffer.from([0x00, 0x00, 0x09]));
  return Buffer.concat(parts);
}

/** Reads AMF0 values from a bounded buffer; malformed input throws a Failure (caught by the client). */
export function decodeAmf0(buffer: Buffer): Amf[] {
  let at = 0;
  const need = (count: number) => {
    if (at + count > buffer.length) throw new Failure('UNKNOWN', 'truncated AMF0');
  };
  const readUtf8 = (length: number) => {
    need(length);
    const text = buffer.toString('utf8', at, at + length);
    at += length;
    return text;
  };
  const readName = () => {
    need(2);
    const length = buffer.readUInt16BE(at);
    at += 2;
    return readUtf8(length);
  };
  const readProperties = (depth: number, into: Record<string, Amf>) => {
    for (;;) {
      const name = readName();
      need(1);
      if (name === '' && buffer[at] === 0x09) {
        at += 1;
        return into;
      }
      // Own data properties only: a name like __proto__ must not reach the prototype.
      Object.defineProperty(into, name, { value: readValue(depth + 1), enumerable: true, writable: true, configurable: true });
    }
  };
  const readValue = (depth: number): Amf => {
    if (depth > 16) throw new Failure('UNKNOWN', 'AMF0 nested too deep');
    need(1);
    const marker = buffer[at++]!;
    switch (marker) {
      case 0x00: need(8); at += 8; return buffer.readDoubleBE(at - 8);
      case 0x01: need(1); return buffer[at++] !== 0;
      case 0x02: return readName();
      case 0x03: return readProperties(depth, {});
      case 0x05: return null;
      case 0x06: return undefined;
      case 0x08: need(4); at += 4; return readProperties(depth, {});
      case 0x0a: {
        need(4);
        const count = buffer.readUInt32BE(at);
        at += 4;
        // Each item is at least one byte: a count past what is left is a lie.
        if (count > buffer.length - at) throw new Failure('UNKNOWN', 'AMF0 array longer than its message');
        return Array.from({ length: count }, () => readValue(depth + 1));
      }
      case 0x0b: need(10); at += 10; return buffer.readDoubleBE(at - 10);
      case 0x0c: {
        need(4);
        const length = buffer.readUInt32BE(at);
        at += 4;
        return readUtf8(length);
      }
      default: throw new Failure('UNKNOWN', 'unknown AMF0 type');
    }
  };
  const values: Amf[] = [];
  while (at < buffer.length) values.push(readValue(0));
  return values;
}

// ---- target address ----------------------------------------------------------------------------------

type Address = { secure: boolean; host: string; port: number; app: string; tcUrl: string };

/** Parses a target's address (not its key). Throws a Failure with fixed text: the address is never quoted. */
export function parseTargetUrl(url: string): Address {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Failure('UNKNOWN', 'unreadable target address');
  }
  const secure = parsed.protocol === 'rtmps:';
  if (!secure && parsed.protocol !== 'rtmp:') throw new Failure('UNKNOWN', 'target address is not rtmp:// or rtmps://');
  const app = decodeURIComponent(parsed.pathname.replace(/^\/+|\/+$/g, ''));
  const port = parsed.port ? Number(parsed.port) : secure ? 443 : 1935;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const tcUrl = `${parsed.protocol}//${parsed.host}/${app}`;
  return { secure, host, port, app, tcUrl };
}

/** The reason a socket error stands for (Node's error codes; OpenSSL's for TLS). */
export function reasonOfSocketError(error: unknown): RestreamFailure {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'ECONNREFUSED') return 'CONNECTION_REFUSED';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME' || code === 'EAI_FAIL') return 'HOST_NOT_FOUND';
  if (code === 'ETIMEDOUT' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'TIMED_OUT';
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_|DEPTH_ZERO|SELF_SIGNED|ERR_OSSL)/.test(code) || (typeof error === 'object' && error !== null && 'library' in error)) return 'TLS';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED') return 'CLOSED';
  return 'UNKNOWN';
}

// ---- the client ----------------------------------------------------------------------------------------

type InStream = { type: number; length: number; timestamp: number; delta: number; streamId: number; extended: boolean; parts: Buffer[]; received: number };
type OutStream = { streamId: number; type: number; length: number; timestamp: number };

const CSID_CONTROL = 2;
const CSID_COMMAND = 3;
const CSID_AUDIO = 4;
const CSID_DATA = 5;
const CSID_VIDEO = 6;

type Phase = 'HANDSHAKE' | 'CONNECT' | 'CREATE_STREAM' | 'PUBLISH' | 'PUBLISHING' | 'ENDED';

export class RtmpPublisher {
  private socket: net.Socket | null = null;
  private phase: Phase = 'HANDSHAKE';
  private incoming: Buffer = Buffer.alloc(0);
  private totalIn = 0;
  private inChunkSize = 128;
  private windowSize = 0;
  private ackedAt = 0;
  private readonly inStreams = new Map<number, InStream>();
  private readonly outStreams = new Map<number, OutStream>();
  private streamId = 0;
  private phaseTimer: NodeJS.Timeout | null = null;
  private drainTimer: NodeJS.Timeout | null = null;
  private flv: Buffer = Buffer.alloc(0);
  private flvHeaderSeen = false;
  private dropping = false;
  /** Media bytes handed to the socket (tags sent since publish start). */
  mediaBytes = 0;
  private readonly timeoutMs: number;

  constructor(private readonly options: PublisherOptions) {
    this.timeoutMs = options.timeoutMs ?? PUBLISH_TIMEOUT_MS;
  }

  get publishing(): boolean {
    return this.phase === 'PUBLISHING';
  }

  start(): void {
    try {
      const address = parseTargetUrl(this.options.url);
      const socket = address.secure
        ? tls.connect({ host: address.host, port: address.port, servername: net.isIP(address.host) ? undefined : address.host, rejectUnauthorized: this.options.rejectUnauthorized ?? true })
        : net.connect({ host: address.host, port: address.port });
      this.socket = socket;
      socket.setNoDelay(true);
      this.armPhaseTimer('no answer within the time allowed');
      socket.once(address.secure ? 'secureConnect' : 'connect', () => this.guard(() => this.onConnected(address)));
      socket.on('data', (data: Buffer) => this.guard(() => this.onData(data)));
      socket.on('drain', () => {
        if (this.drainTimer) clearTimeout(this.drainTimer);
        this.drainTimer = null;
      });
      socket.on('error', (error) => this.finish(reasonOfSocketError(error), 'socket error'));
      socket.on('close', () => this.finish('CLOSED', 'the target closed the connection'));
    } catch (error) {
      // Deferred so a caller's state is set before it hears of the end.
      queueMicrotask(() => this.finish(error instanceof Failure ? error.reason : 'UNKNOWN', error instanceof Failure ? error.message : 'could not start'));
    }
  }

  /** Leaves politely (FCUnpublish, deleteStream) and closes; onEnd(null) follows. */
  end(): void {
    if (this.phase === 'ENDED') return;
    const socket = this.socket;
    if (socket && this.phase === 'PUBLISHING') {
      this.command('FCUnpublish', 6, null, this.options.key);
      this.command('deleteStream', 7, null, this.streamId);
    }
    this.finish(null, 'ended', true);
  }

  destroy(): void {
    this.finish(null, 'destroyed');
  }

  /** FLV bytes as the hub gives them (a header, then tags); sent once the target publishes, dropped before. */
  sendFlv(chunk: Buffer): void {
    if (this.phase !== 'PUBLISHING') return;
    this.guard(() => {
      this.flv = this.flv.length ? Buffer.concat([this.flv, chunk]) : chunk;
      if (!this.flvHeaderSeen) {
        if (this.flv.length < 9) return;
        if (this.flv.toString('latin1', 0, 3) === 'FLV') {
          const skip = this.flv.readUInt32BE(5) + 4;
          if (this.flv.length < skip) return;
          this.flv = this.flv.subarray(skip);
        }
        this.flvHeaderSeen = true;
      }
      while (this.flv.length >= 11 && this.phase === 'PUBLISHING') {
        const size = this.flv.readUIntBE(1, 3);
        if (this.flv.length < 11 + size + 4) return;
        const type = this.flv[0]! & 0x1f;
        const timestamp = (this.flv.readUIntBE(4, 3) | (this.flv[7]! << 24)) >>> 0;
        const data = this.flv.subarray(11, 11 + size);
        this.flv = this.flv.subarray(11 + size + 4);
        this.sendTag(type, timestamp, data);
      }
    });
  }

  private sendTag(type: number, timestamp: number, data: Buffer): void {
    const socket = this.socket;
    if (!socket) return;
    const isConfig = (type === 9 && data.length > 1 && data[1] === 0 && (data[0]! & 0x0f) === 7) || (type === 8 && data.length > 1 && data[1] === 0 && data[0]! >> 4 === 10);
    const isKeyframe = type === 9 && data.length > 0 && data[0]! >> 4 === 1;
    if (socket.writableLength > MAX_SEND_BACKLOG_BYTES) this.dropping = true;
    if (this.dropping && !isConfig) {
      if (!isKeyframe || socket.writableLength > MAX_SEND_BACKLOG_BYTES) return;
      this.dropping = false;
    }
    if (type === 18) {
      // A script tag is onMetaData; a publisher sends it as @setDataFrame so the target keeps it.
      const payload = Buffer.concat([encodeAmf0('@setDataFrame'), data]);
      this.send(CSID_DATA, this.streamId, 18, timestamp, payload);
    } else if (type === 8) this.send(CSID_AUDIO, this.streamId, 8, timestamp, data);
    else if (type === 9) this.send(CSID_VIDEO, this.streamId, 9, timestamp, data);
    else return;
    this.mediaBytes += data.length;
  }

  // ---- events

  /** Runs a step; whatever it throws ends the connection with a reason, never escapes. */
  private guard(step: () => void): void {
    try {
      step();
    } catch (error) {
      this.finish(error instanceof Failure ? error.reason : 'UNKNOWN', error instanceof Failure ? error.message : 'protocol error');
    }
  }

  private armPhaseTimer(what: string): void {
    if (this.phaseTimer) clearTimeout(this.phaseTimer);
    this.phaseTimer = setTimeout(() => this.finish('TIMED_OUT', what), this.timeoutMs);
    this.phaseTimer.unref();
  }

  private finish(reason: RestreamFailure | null, detail: string, graceful = false): void {
    if (this.phase === 'ENDED') return;
    this.phase = 'ENDED';
    if (this.phaseTimer) clearTimeout(this.phaseTimer);
    if (this.drainTimer) clearTimeout(this.drainTimer);
    this.incoming = Buffer.alloc(0);
    this.flv = Buffer.alloc(0);
    this.inStreams.clear();
    const socket = this.socket;
    if (socket) {
      if (graceful && !socket.destroyed) {
        socket.end();
        // A target that does not close its side is not waited for long.
        setTimeout(() => socket.destroy(), 3000).unref();
      } else socket.destroy();
    }
    this.options.onEnd(reason, detail);
  }

  private onConnected(address: Address): void {
    this.armPhaseTimer('the handshake did not finish in time');
    // C0 (version 3) and C1 (time, zero, random).
    const c1 = randomBytes(HANDSHAKE_SIZE);
    c1.writeUInt32BE(0, 0);
    c1.writeUInt32BE(0, 4);
    this.write(Buffer.concat([Buffer.from([3]), c1]));
    this.address = address;
  }

  private address: Address | null = null;

  private onData(data: Buffer): void {
    if (this.phase === 'ENDED') return;
    this.totalIn += data.length;
    if (this.phase !== 'PUBLISHING' && this.totalIn > MAX_BYTES_BEFORE_PUBLISH) throw new Failure('UNKNOWN', 'the target sent too much before accepting the publication');
    this.incoming = this.incoming.length ? Buffer.concat([this.incoming, data]) : data;
    if (this.phase === 'HANDSHAKE') {
      if (this.incoming.length >= 1 && this.incoming[0] !== 3) throw new Failure('UNKNOWN', 'the target does not speak RTMP version 3');
      if (this.incoming.length < 1 + 2 * HANDSHAKE_SIZE) return;
      const s1 = this.incoming.subarray(1, 1 + HANDSHAKE_SIZE);
      this.incoming = this.incoming.subarray(1 + 2 * HANDSHAKE_SIZE);
      // C2 echoes S1 (its time, then ours).
      const c2 = Buffer.from(s1);
      c2.writeUInt32BE(0, 4);
      this.write(c2);
      this.phase = 'CONNECT';
      this.armPhaseTimer('the target did not answer connect in time');
      this.setChunkSize();
      const address = this.address!;
      this.command('connect', 1, {
        app: address.app,
        type: 'nonprivate',
        flashVer: 'FMLE/3.0 (compatible; FMSc/1.0)',
        swfUrl: address.tcUrl,
        tcUrl: address.tcUrl,
      });
    }
    this.readChunks();
    this.acknowledge();
  }

  private acknowledge(): void {
    if (!this.windowSize || this.totalIn - this.ackedAt < this.windowSize) return;
    this.ackedAt = this.totalIn;
    const body = Buffer.alloc(4);
    body.writeUInt32BE(this.totalIn % 2 ** 32);
    this.send(CSID_CONTROL, 0, 3, 0, body);
  }

  /** Takes whole chunks off `incoming`; a partial one waits (it is at most a header and one chunk long). */
  private readChunks(): void {
    let buffer = this.incoming;
    while (buffer.length > 0 && this.phase !== 'ENDED') {
      const fmt = buffer[0]! >> 6;
      let csid = buffer[0]! & 0x3f;
      let at = 1;
      if (csid === 0) {
        if (buffer.length < 2) break;
        csid = 64 + buffer[1]!;
        at = 2;
      } else if (csid === 1) {
        if (buffer.length < 3) break;
        csid = 64 + buffer[1]! + buffer[2]! * 256;
        at = 3;
      }
      const headerSize = [11, 7, 3, 0][fmt]!;
      if (buffer.length < at + headerSize) break;
      let stream = this.inStreams.get(csid);
      if (!stream) {
        if (fmt !== 0) throw new Failure('UNKNOWN', 'a chunk stream began without a full header');
        if (this.inStreams.size >= MAX_CHUNK_STREAMS) throw new Failure('UNKNOWN', 'too many chunk streams');
        stream = { type: 0, length: 0, timestamp: 0, delta: 0, streamId: 0, extended: false, parts: [], received: 0 };
      }
      const starting = stream.received === 0;
      let stamp = stream.extended ? 0xffffff : 0;
      if (fmt <= 2) stamp = buffer.readUIntBE(at, 3);
      if (fmt <= 1) {
        const length = buffer.readUIntBE(at + 3, 3);
        if (length > MAX_INCOMING_MESSAGE_BYTES) throw new Failure('UNKNOWN', 'the target sent a message too large');
        if (!starting) throw new Failure('UNKNOWN', 'a new message began inside another');
        stream.length = length;
        stream.type = buffer[at + 6]!;
      }
      if (fmt === 0) stream.streamId = buffer.readUInt32LE(at + 7);
      at += headerSize;
      const extended = fmt <= 2 ? stamp === 0xffffff : stream.extended;
      if (extended) {
        if (buffer.length < at + 4) break;
        stamp = buffer.readUInt32BE(at);
        at += 4;
      }
      const take = Math.min(this.inChunkSize, stream.length - stream.received);
      if (buffer.length < at + take) break;
      // The whole chunk is here: commit its header.
      if (fmt <= 2) stream.extended = extended;
      if (starting) {
        if (fmt === 0) stream.timestamp = stamp;
        else if (fmt <= 2) {
          stream.delta = stamp;
          stream.timestamp = (stream.timestamp + stamp) >>> 0;
        } else stream.timestamp = (stream.timestamp + stream.delta) >>> 0;
      }
      this.inStreams.set(csid, stream);
      stream.parts.push(buffer.subarray(at, at + take));
      stream.received += take;
      buffer = buffer.subarray(at + take);
      if (stream.received >= stream.length) {
        const body = Buffer.concat(stream.parts);
        stream.parts = [];
        stream.received = 0;
        this.incoming = buffer;
        this.onMessage(stream.type, body);
        buffer = this.incoming;
      }
    }
    if (this.phase === 'ENDED') return;
    // Own the rest: a slice would keep the whole received buffer alive.
    this.incoming = Buffer.from(buffer);
  }

  private onMessage(type: number, body: Buffer): void {
    switch (type) {
      case 1: {
        if (body.length < 4) throw new Failure('UNKNOWN', 'bad Set Chunk Size');
        const size = body.readUInt32BE(0) & 0x7fffffff;
        if (size < 1) throw new Failure('UNKNOWN', 'bad Set Chunk Size');
        this.inChunkSize = size;
        return;
      }
      case 2: {
        // Abort: the partial message of that chunk stream is dropped.
        if (body.length < 4) return;
        const stream = this.inStreams.get(body.readUInt32BE(0));
        if (stream) {
          stream.parts = [];
          stream.received = 0;
        }
        return;
      }
      case 4: {
        // Ping request (event 6) → ping response (7) with its timestamp.
        if (body.length >= 6 && body.readUInt16BE(0) === 6) {
          const answer = Buffer.alloc(6);
          answer.writeUInt16BE(7, 0);
          body.copy(answer, 2, 2, 6);
          this.send(CSID_CONTROL, 0, 4, 0, answer);
        }
        return;
      }
      case 5:
        if (body.length >= 4) this.windowSize = body.readUInt32BE(0);
        return;
      case 20:
        return this.onCommand(decodeAmf0(body));
      default:
        return; // acknowledgements, bandwidth, media, data: nothing to do for a publisher
    }
  }

  private onCommand(values: Amf[]): void {
    const [name, transaction] = values;
    if (name === '_error') throw new Failure('REJECTED', 'the target refused a command');
    if (name === 'onStatus') {
      const info = values[3];
      if (info && typeof info === 'object' && !Array.isArray(info)) {
        if (info.level === 'error') throw new Failure('REJECTED', 'the target refused the publication');
        if (info.code === 'NetStream.Publish.Start' && this.phase === 'PUBLISH') {
          this.phase = 'PUBLISHING';
          if (this.phaseTimer) clearTimeout(this.phaseTimer);
          this.phaseTimer = null;
          this.options.onPublishing();
        }
      }
      return;
    }
    if (name !== '_result') return;
    if (transaction === 1 && this.phase === 'CONNECT') {
      this.phase = 'CREATE_STREAM';
      this.armPhaseTimer('the target did not create a stream in time');
      this.command('releaseStream', 2, null, this.options.key);
      this.command('FCPublish', 3, null, this.options.key);
      this.command('createStream', 4, null);
    } else if (transaction === 4 && this.phase === 'CREATE_STREAM') {
      const id = values[3];
      if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id > 0xffffffff) throw new Failure('UNKNOWN', 'the target gave no stream id');
      this.streamId = id;
      this.phase = 'PUBLISH';
      this.armPhaseTimer('the target did not start the publication in time');
      this.send(CSID_COMMAND, id, 20, 0, Buffer.concat([encodeAmf0('publish'), encodeAmf0(5), encodeAmf0(null), encodeAmf0(this.options.key), encodeAmf0('live')]));
    }
  }

  // ---- sending

  private setChunkSize(): void {
    const body = Buffer.alloc(4);
    body.writeUInt32BE(OUT_CHUNK_SIZE);
    this.send(CSID_CONTROL, 0, 1, 0, body);
    this.outChunkSize = OUT_CHUNK_SIZE;
  }

  private outChunkSize = 128;

  private command(name: string, transaction: number, ...args: Amf[]): void {
    this.send(CSID_COMMAND, 0, 20, 0, Buffer.concat([encodeAmf0(name), encodeAmf0(transaction), ...args.map(encodeAmf0)]));
  }

  /** One message in chunks: fmt 0 first on a chunk stream (or when time goes back), fmt 1 after, fmt 3 for its continuations. */
  private send(csid: number, streamId: number, type: number, timestamp: number, body: Buffer): void {
    const last = this.outStreams.get(csid);
    const useDelta = last !== undefined && last.streamId === streamId && timestamp >= last.timestamp;
    const stamp = useDelta ? timestamp - last.timestamp : timestamp;
    const extended = stamp >= 0xffffff;
    const header = Buffer.alloc(useDelta ? 8 : 12);
    header[0] = ((useDelta ? 1 : 0) << 6) | csid;
    header.writeUIntBE(extended ? 0xffffff : stamp, 1, 3);
    header.writeUIntBE(body.length, 4, 3);
    header[7] = type;
    if (!useDelta) header.writeUInt32LE(streamId, 8);
    const extension = Buffer.alloc(extended ? 4 : 0);
    if (extended) extension.writeUInt32BE(stamp >>> 0);
    this.outStreams.set(csid, { streamId, type, length: body.length, timestamp });
    const parts: Buffer[] = [header, extension];
    for (let offset = 0; offset < body.length || offset === 0; offset += this.outChunkSize) {
      if (offset > 0) parts.push(Buffer.from([(3 << 6) | csid]), extension);
      parts.push(body.subarray(offset, offset + this.outChunkSize));
      if (body.length === 0) break;
    }
    this.write(Buffer.concat(parts));
  }

  private write(bytes: Buffer): void {
    const socket = this.socket;
    if (!socket || socket.destroyed) return;
    if (!socket.write(bytes) && !this.drainTimer && this.phase !== 'ENDED') {
      // A target that stops reading fails within the timeout rather than holding us.
      this.drainTimer = setTimeout(() => this.finish('TIMED_OUT', 'the target stopped reading'), this.timeoutMs);
      this.drainTimer.unref();
    }
  }
}
