// Declarations of the node-media-server internals used here, for every project that compiles this file (bench, e2e).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a file of ambient module declarations
/// <reference path="./nms.d.ts" />
import { decodeAmf0Cmd } from 'node-media-server/src/protocol/amf.js';
import nmsLogger from 'node-media-server/src/core/logger.js';
import Rtmp from 'node-media-server/src/protocol/rtmp.js';

// The library's logger prints to stdout, unthrottled and outside the studio's log, a line for every
// unknown AMF marker or command a client sends: nothing of it is worth a flood anyone can cause.
nmsLogger.log = () => undefined;

/** RTMP's default chunk size, which no encoder goes below; smaller ones only multiply the work per byte. */
export const MIN_CHUNK_SIZE = 128;
/** A message's length has 3 bytes: a chunk larger than the largest message says nothing more. */
export const MAX_CHUNK_SIZE = 0xff_ffff;
/** Encoders use three to six chunk streams (control, commands, audio, video, data); each one holds a buffer. */
export const MAX_CHUNK_STREAMS = 16;
/** Before a key is accepted only commands come (connect, createStream, publish: well under 1 KiB each). */
export const MAX_COMMAND_BYTES = 64 * 1024;

const RTMP_VERSION = 3;
const HANDSHAKE_UNINIT = 0;
const AMF0_STRING = 0x02;
const TYPE_SET_CHUNK_SIZE = 1;
const TYPE_WINDOW_ACK_SIZE = 5;
const TYPE_SET_PEER_BANDWIDTH = 6;
const TYPE_AUDIO = 8;
const TYPE_VIDEO = 9;
const TYPE_FLEX_MESSAGE = 17;
/** FLV tag headers node-media-server reads without looking at the length: audio 2 bytes, video 5. */
const MIN_MEDIA_BYTES: Record<number, number> = { [TYPE_AUDIO]: 2, [TYPE_VIDEO]: 5 };

/** A client broke the protocol or a bound: its session ends, nothing else does. */
export class RtmpSessionError extends Error {}

export type GuardedRtmpOptions = {
  /** The largest message an accepted publisher may send (config: RTMP_MAX_MESSAGE_BYTES). */
  maxMessageBytes: number;
  /** A well-formed publish command, after a connect: the stream name as sent, and the message stream it names. */
  onPublish(streamName: string, messageStreamId: number): void;
  onPlay(): void;
};

type ConnectCommand = { app: string; tcUrl: string; objectEncoding?: number };

/**
 * node-media-server's RTMP parser with every step a client controls guarded.
 * The library's chunk state machine is kept (ffmpeg and OBS are known to get
 * through it); what it trusts is checked before it is used: the handshake's
 * version, the number of chunk streams, each message's length (small until a
 * key is accepted), the chunk size, the AMF commands and their fields. Any
 * throw inside parsing, decoding or the callbacks it makes ends this session
 * only: `parserData` answers the reason and the ingest closes the socket.
 */
export class GuardedRtmp extends Rtmp {
  private failure: string | null = null;
  private accepted = false;
  private connected = false;

  constructor(private readonly options: GuardedRtmpOptions) {
    super();
  }

  /** The key was accepted: from now on messages may be as large as video needs. */
  accept(): void {
    this.accepted = true;
  }

  /** Feeds received bytes; answers why the session must end, or null. Never throws. */
  override parserData(buffer: Buffer): string | null {
    if (this.failure !== null) return this.failure;
    if (this.handshakeState === HANDSHAKE_UNINIT && buffer.length > 0 && buffer[0] !== RTMP_VERSION) return this.fail('not RTMP version 3');
    try {
      const result = super.parserData(buffer);
      if (result !== null) this.failure = result;
      return result;
    } catch (error) {
      // Our own reasons are safe to log; a library error's message may quote what the client sent.
      return this.fail(error instanceof RtmpSessionError ? error.message : `malformed (${error instanceof Error ? error.name : 'error'})`);
    }
  }

  private fail(reason: string): string {
    this.failure = reason;
    return reason;
  }

  override packetParse(): void {
    const b = this.parserBuffer;
    const fmt = b[0]! >> 6;
    // The 3-byte form is 64 + second byte + 256 × third (the library shifts their sum: ids up to ~147k).
    const cid = this.parserBasicBytes === 2 ? 64 + b[1]! : this.parserBasicBytes === 3 ? 64 + b[1]! + b[2]! * 256 : b[0]! & 0x3f;
    let packet = this.inPackets.get(cid);
    if (!packet) {
      if (this.inPackets.size >= MAX_CHUNK_STREAMS) throw new RtmpSessionError('too many chunk streams');
      packet = { header: { fmt, cid, timestamp: 0, length: 0, type: 0, stream_id: 0 }, clock: 0, payload: Buffer.alloc(0), capacity: 0, bytes: 0 };
      this.inPackets.set(cid, packet);
    }
    const lengthBefore = packet.header.length;
    this.parserPacket = packet;
    packet.header.fmt = fmt;
    packet.header.cid = cid;
    this.chunkMessageHeaderRead();
    // The payload buffer was sized for the length the message began with.
    if (packet.bytes > 0 && packet.header.length !== lengthBefore) throw new RtmpSessionError('a message changed its length midway');
  }

  override packetAlloc(): void {
    const { length } = this.parserPacket.header;
    const limit = this.accepted ? this.options.maxMessageBytes : MAX_COMMAND_BYTES;
    if (length > limit) throw new RtmpSessionError('message too large');
    if (this.parserPacket.capacity < length) {
      // Every chunk stream keeps its buffer: all of them together stay within two of the largest messages.
      let held = 0;
      for (const packet of this.inPackets.values()) if (packet !== this.parserPacket) held += packet.capacity;
      if (held + length > 2 * limit) throw new RtmpSessionError('message buffers over budget');
    }
    super.packetAlloc();
  }

  override controlHandler(): void {
    const { type, length } = this.parserPacket.header;
    if ((type === TYPE_SET_CHUNK_SIZE || type === TYPE_WINDOW_ACK_SIZE || type === TYPE_SET_PEER_BANDWIDTH) && length < 4) {
      throw new RtmpSessionError('short control message');
    }
    if (type === TYPE_SET_CHUNK_SIZE) {
      const size = this.parserPacket.payload.readUInt32BE(0);
      // Zero would stall the parser for good; a huge one is no message's size.
      if (size < MIN_CHUNK_SIZE || size > MAX_CHUNK_SIZE) throw new RtmpSessionError('chunk size out of range');
      this.inChunkSize = size;
      return;
    }
    super.controlHandler();
  }

  override invokeHandler(): void {
    const { type, length } = this.parserPacket.header;
    const payload = this.parserPacket.payload.subarray(type === TYPE_FLEX_MESSAGE ? 1 : 0, length);
    // A command's name is a string; anything else is not a command.
    if (payload[0] !== AMF0_STRING) throw new RtmpSessionError('a command without a name');
    const command = decodeAmf0Cmd(payload);
    const transId = typeof command.transId === 'number' && Number.isFinite(command.transId) ? command.transId : 0;
    switch (command.cmd) {
      case 'connect':
        return this.connect(command.cmdObj, transId);
      case 'createStream':
        if (!this.connected) throw new RtmpSessionError('createStream before connect');
        return this.respondCreateStream(transId);
      case 'publish': {
        if (!this.connected) throw new RtmpSessionError('publish before connect');
        if (typeof command.streamName !== 'string') throw new RtmpSessionError('publish without a stream name');
        return this.options.onPublish(command.streamName, this.parserPacket.header.stream_id);
      }
      case 'play':
        return this.options.onPlay();
      default:
        // releaseStream, FCPublish, deleteStream and the like: nothing the ingest answers.
        return;
    }
  }

  private connect(cmdObj: unknown, transId: number): void {
    if (this.connected) throw new RtmpSessionError('a second connect');
    if (typeof cmdObj !== 'object' || cmdObj === null) throw new RtmpSessionError('connect without a command object');
    const { app, tcUrl, objectEncoding } = cmdObj as Record<string, unknown>;
    if (typeof app !== 'string' || typeof tcUrl !== 'string' || !URL.canParse(tcUrl)) throw new RtmpSessionError('connect without an app and a URL');
    this.connected = true;
    // Only the fields the library reads, of the types it expects (its answer encodes them back).
    const checked: ConnectCommand = { app, tcUrl, objectEncoding: objectEncoding === 3 ? 3 : 0 };
    super.onConnect({ transId, cmdObj: checked });
  }

  override dataHandler(): void {
    const { type, length } = this.parserPacket.header;
    // Tag headers are read whatever the length says: a shorter message is no audio or video frame.
    if (length < (MIN_MEDIA_BYTES[type] ?? 1)) return;
    super.dataHandler();
  }
}
