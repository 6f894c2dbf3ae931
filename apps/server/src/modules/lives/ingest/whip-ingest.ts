// Declarations of the node-media-server internals used here, for every project that compiles this file (bench, e2e).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a file of ambient module declarations
/// <reference path="./nms.d.ts" />
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import Flv from 'node-media-server/src/protocol/flv.js';
import { RTCPeerConnection, RTCRtpCodecParameters, type MediaStreamTrack, type RTCRtpTransceiver, type RtpPacket } from 'werift';
import { launchPiped, type MediaTools } from '../../../media/media-tools';
import type { StreamHub } from './stream-hub';

/** The largest SDP offer read: a browser's is 4 to 8 KiB; the bound is the request body's. */
export const MAX_SDP_BYTES = 64 * 1024;
/** Payload types of the local RTP hop to ffmpeg (the browser's own numbers are rewritten to these). */
const VIDEO_PT = 96;
const AUDIO_PT = 111;
/**
 * ffmpeg's probe of the hop: the first packets are the SPS, PPS and keyframe (nothing is forwarded before
 * them), which set the picture up; Opus's setup is in the SDP. Enough bytes for a 1080p keyframe.
 */
const PROBE_BYTES = 500_000;
const PROBE_MICROSECONDS = 200_000;
/** Keyframe requests until the first keyframe is out of ffmpeg: the browser's own first one was sent before the hop listened. */
const PLI_EVERY_MS = 500;
/**
 * Then one keyframe request every 2 s: Chromium sends keyframes only when asked (measured 9.2 s apart
 * otherwise), and HLS segments and a new preview viewer both start at a keyframe.
 */
const KEYFRAME_INTERVAL_MS = 2000;
/** No RTP for this long: the browser is gone (a closed tab sends no DELETE). Like the RTMP ingest's idle timeout. */
const IDLE_MS = 30_000;
const CHECK_EVERY_MS = 2_000;

/** Why an offer was not taken: the route answers each with its code. */
export class WhipOfferError extends Error {
  constructor(readonly code: 'WHIP_SDP_INVALID' | 'WHIP_CODEC_UNSUPPORTED' | 'WHIP_KEY_BUSY' | 'WHIP_SESSION_LIMIT') {
    super(code);
  }
}

export type WhipGate = {
  /** The atomic claim of the key's publishing flag; false when something publishes with it already. */
  claim(streamKeyId: number): Promise<boolean>;
  /** The session that held the claim ended (and nothing else publishes with the key now). */
  done(streamKeyId: number): void;
};

export type WhipIngestOptions = {
  tools: MediaTools;
  hub: StreamHub;
  gate: WhipGate;
  /** Sessions this instance holds at most (WHIP_MAX_SESSIONS). */
  maxSessions: number;
  /** Addresses announced besides the interfaces' (WHIP_PUBLIC_ADDRESSES: a 1:1 NAT's public address). */
  publicAddresses?: string[];
  /** The UDP ports sessions take (WHIP_UDP_PORTS); undefined: any free port. */
  udpPorts?: [number, number];
  /** From the answer to the first media out of ffmpeg: past it the session ends (RTMP_PUBLISH_DEADLINE_SECONDS). */
  mediaDeadlineMs: number;
  log: { debug(object: object, message: string): void; warn(object: object, message: string): void };
};

export type WhipAnswer = { sessionId: string; sdp: string };

/**
 * The codecs the ingest answers with: H.264 (passed through to the FLV, no re-encode) and Opus
 * (ffmpeg makes AAC of it). A browser that offers H.264 gets it (Debian's Chromium 156 does,
 * measured in decision 051); an offer without H.264 is refused rather than transcoded.
 */
function codecs() {
  const feedback = [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }, { type: 'ccm', parameter: 'fir' }];
  return {
    video: [
      new RTCRtpCodecParameters({ mimeType: 'video/H264', clockRate: 90000, rtcpFeedback: feedback, parameters: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f' }),
    ],
    audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
  };
}

/** The first look at an offer, before any WebRTC object exists: an SDP with a video section, of a bounded size. */
export function plausibleOffer(sdp: string): boolean {
  if (sdp.length === 0 || Buffer.byteLength(sdp) > MAX_SDP_BYTES || !sdp.startsWith('v=0')) return false;
  const lines = sdp.split(/\r?\n/);
  return lines.some((line) => line.startsWith('m=video ')) && lines.some((line) => line.startsWith('a=fingerprint:')) && lines.some((line) => line.startsWith('a=ice-ufrag:'));
}

/** Whether the offer's video can be H.264 (a browser lists it among its payload types). */
export function offersH264(sdp: string): boolean {
  return /^a=rtpmap:\d{1,3} H264\/90000/im.test(sdp);
}

/**
 * Whether an H.264 RTP payload (RFC 6184) carries a sequence parameter set: a single NAL unit of type 7,
 * a STAP-A (24) aggregating one, or the first fragment of an FU-A (28) of one. ffmpeg learns the
 * picture's size from it.
 */
export function carriesSps(payload: Uint8Array): boolean {
  if (payload.length === 0) return false;
  const type = payload[0]! & 0x1f;
  if (type === 7) return true;
  if (type === 28) return payload.length > 1 && (payload[1]! & 0x80) !== 0 && (payload[1]! & 0x1f) === 7;
  if (type !== 24) return false;
  for (let at = 1; at + 2 < payload.length; ) {
    const size = (payload[at]! << 8) | payload[at + 1]!;
    if ((payload[at + 2]! & 0x1f) === 7) return true;
    at += 2 + size;
  }
  return false;
}

/** The SDP ffmpeg reads: where the RTP hop sends each track on 127.0.0.1. */
function hopSdp(video: number, audio: number | null): string {
  const lines = ['v=0', 'o=- 0 0 IN IP4 127.0.0.1', 's=whip', 'c=IN IP4 127.0.0.1', 't=0 0'];
  lines.push(`m=video ${video} RTP/AVP ${VIDEO_PT}`, `a=rtpmap:${VIDEO_PT} H264/90000`, `a=fmtp:${VIDEO_PT} packetization-mode=1`);
  if (audio !== null) lines.push(`m=audio ${audio} RTP/AVP ${AUDIO_PT}`, `a=rtpmap:${AUDIO_PT} opus/48000/2`);
  return `${lines.join('\r\n')}\r\n`;
}

/** Two free UDP ports in a row (ffmpeg listens for RTP on the first, RTCP on the next), found by binding them. */
async function freePortPair(): Promise<number> {
  const bind = (port: number) =>
    new Promise<dgram.Socket | null>((resolve) => {
      const socket = dgram.createSocket('udp4');
      socket.once('error', () => {
        socket.close();
        resolve(null);
      });
      socket.bind(port, '127.0.0.1', () => resolve(socket));
    });
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 20_000 + 2 * Math.floor(Math.random() * 20_000);
    const [rtp, rtcp] = [await bind(port), await bind(port + 1)];
    rtp?.close();
    rtcp?.close();
    if (rtp && rtcp) return port;
  }
  throw new Error('no free UDP port pair for the RTP hop');
}

const STUN_MAGIC = 0x2112a442;

/**
 * A STUN binding responder on 127.0.0.1 for werift's own candidate gathering. werift asks a STUN
 * server for each IPv4 host address and waits for it (Google's when none is given: 5 s of waiting
 * where that is unreachable, before the answer can be sent); this one answers at once with the
 * address the request came from, which is the host candidate itself. RFC 5389 binding requests only.
 */
export async function localStunResponder(): Promise<{ port: number; close(): void }> {
  const socket = dgram.createSocket('udp4');
  socket.on('error', () => undefined);
  socket.on('message', (message, from) => {
    // A binding request: type 0x0001, the magic cookie, a 12-byte transaction id; nothing else is answered.
    if (message.length < 20 || message.readUInt16BE(0) !== 0x0001 || message.readUInt32BE(4) !== STUN_MAGIC || from.family !== 'IPv4') return;
    const answer = Buffer.alloc(32);
    answer.writeUInt16BE(0x0101, 0);
    answer.writeUInt16BE(12, 2);
    answer.writeUInt32BE(STUN_MAGIC, 4);
    message.copy(answer, 8, 8, 20);
    // XOR-MAPPED-ADDRESS: family IPv4, port and address XORed with the magic cookie.
    answer.writeUInt16BE(0x0020, 20);
    answer.writeUInt16BE(8, 22);
    answer.writeUInt16BE(0x0001, 24);
    answer.writeUInt16BE(from.port ^ (STUN_MAGIC >>> 16), 26);
    const address = from.address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
    answer.writeUInt32BE((address ^ STUN_MAGIC) >>> 0, 28);
    socket.send(answer, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  return { port: socket.address().port, close: () => socket.close() };
}

/**
 * One browser's broadcast: werift's peer connection receives H.264 and Opus, each RTP packet is
 * forwarded on 127.0.0.1 to an ffmpeg that copies the video and makes AAC of the audio into FLV on its
 * standard output, and that FLV's tags go into the hub under the key, as the RTMP ingest's do.
 */
class WhipSession {
  private ffmpeg: ChildProcessWithoutNullStreams | null = null;
  private hop: dgram.Socket | null = null;
  private published = false;
  private ended = false;
  private keyframeSeen = false;
  private lastRtpAt = Date.now();
  private lastPliAt = 0;
  private readonly startedAt = Date.now();
  private timers: NodeJS.Timeout[] = [];
  private readonly transceivers: { video: RTCRtpTransceiver | null; audio: RTCRtpTransceiver | null } = { video: null, audio: null };
  private readonly ssrcs: { video: number | null } = { video: null };
  /** The hub's handle of this publisher: identity is what unpublish compares. */
  readonly disconnect = () => void this.end('replaced or reissued');

  constructor(
    readonly id: string,
    readonly streamKeyId: number,
    /** credentialOf() the secret the offer presented: the hub keeps it, so a reissue is noticed on the heartbeat. */
    private readonly credential: string,
    private readonly pc: RTCPeerConnection,
    private readonly options: WhipIngestOptions,
    private readonly onEnded: (session: WhipSession) => void,
    /** Tracks werift told of before the session existed (setRemoteDescription announces them). */
    private readonly arrived: MediaStreamTrack[],
  ) {}

  /** Starts the hop and ffmpeg, and watches the connection; the answer has been made already. */
  async start(hasAudio: boolean): Promise<void> {
    const videoPort = await freePortPair();
    const audioPort = hasAudio ? await freePortPair() : null;
    if (this.ended) return;
    this.hop = dgram.createSocket('udp4');
    this.hop.on('error', () => undefined);
    const ffmpeg = launchPiped(this.options.tools, 'remux', 'ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-nostats',
      '-protocol_whitelist', 'pipe,udp,rtp',
      // Decision 062: the hop forwards nothing before the video's first SPS, so the first packets ffmpeg
      // reads set the picture up; its probe stops there (no second of stream time, no frame-rate probe).
      '-fflags', 'nobuffer', '-flags', 'low_delay',
      '-analyzeduration', String(PROBE_MICROSECONDS), '-probesize', String(PROBE_BYTES), '-fpsprobesize', '0',
      '-reorder_queue_size', '64',
      '-f', 'sdp', '-i', 'pipe:0',
      '-map', '0:v:0', ...(hasAudio ? ['-map', '0:a:0'] : []),
      '-c:v', 'copy', ...(hasAudio ? ['-c:a', 'aac', '-b:a', '128k'] : []),
      // Every FLV tag leaves the pipe as it is written: the hub (preview, HLS) gets it at once.
      '-flush_packets', '1',
      '-f', 'flv', '-flvflags', 'no_duration_filesize', 'pipe:1',
    ]);
    this.ffmpeg = ffmpeg;
    let stderr = '';
    ffmpeg.stderr.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-2000)));
    ffmpeg.stdin.on('error', () => undefined);
    ffmpeg.stdin.end(hopSdp(videoPort, audioPort));
    ffmpeg.on('error', () => void this.end('ffmpeg could not start'));
    ffmpeg.on('close', (code) => {
      if (!this.ended && code !== 0) this.options.log.warn({ code, stderr }, 'WHIP remux ended with an error');
      void this.end('remux ended');
    });
    const flv = new Flv();
    flv.onPacketCallback = (packet) => {
      if (this.ended) return;
      if (!this.published) {
        // The key's publication begins with its first tag, so a recorder that joins sees the audio and video setup.
        this.published = true;
        this.options.hub.publish(this.streamKeyId, this.disconnect, this.credential);
      }
      if (packet.codec_type === 9 && packet.flags === 3) this.keyframeSeen = true;
      this.options.hub.packet(this.streamKeyId, packet);
    };
    ffmpeg.stdout.on('data', (chunk: Buffer) => {
      // ffmpeg's own FLV: a parse failure is a defect of ours, and ends only this session.
      if (flv.parserData(chunk) !== null) void this.end('unreadable FLV from the remux');
    });

    // Nothing reaches ffmpeg before the video's first SPS (with it come the PPS and the keyframe): its
    // short probe then sees the picture's setup first, not frames it cannot decode or audio alone
    // (an FLV header without the video's dimensions ends the session), decision 062.
    let videoSetUp = false;
    const forward = (kind: 'video' | 'audio', port: number, payloadType: number) => (rtp: RtpPacket) => {
      this.lastRtpAt = Date.now();
      if (kind === 'video' && this.ssrcs.video === null) {
        // The browser's first keyframe went out before this hop listened: ask for one the moment its SSRC is known.
        this.ssrcs.video = rtp.header.ssrc;
        this.requestKeyframe();
      }
      if (kind === 'video' && !videoSetUp) videoSetUp = carriesSps(rtp.payload);
      if (!videoSetUp) return;
      rtp.header.payloadType = payloadType;
      this.hop?.send(rtp.serialize(), port, '127.0.0.1');
    };
    const receive = (track: MediaStreamTrack) => {
      const kind = track.kind === 'video' ? 'video' : 'audio';
      if (kind === 'audio' && audioPort === null) return;
      this.transceivers[kind] = this.pc.getTransceivers().find((transceiver) => transceiver.kind === kind) ?? null;
      track.onReceiveRtp.subscribe(forward(kind, kind === 'video' ? videoPort : audioPort!, kind === 'video' ? VIDEO_PT : AUDIO_PT));
    };
    // Tracks werift announced while the offer was being answered, then any later one.
    for (const track of this.arrived.splice(0)) receive(track);
    this.pc.onTrack.subscribe(receive);
    this.pc.connectionStateChange.subscribe((state) => {
      if (state === 'failed' || state === 'closed') void this.end(`connection ${state}`);
    });
    this.every(PLI_EVERY_MS, () => {
      if (this.ssrcs.video === null || (this.keyframeSeen && Date.now() - this.lastPliAt < KEYFRAME_INTERVAL_MS)) return;
      this.requestKeyframe();
    });
    this.every(CHECK_EVERY_MS, () => {
      const now = Date.now();
      if (!this.published && now - this.startedAt > this.options.mediaDeadlineMs) void this.end('no media before the deadline');
      else if (now - this.lastRtpAt > IDLE_MS) void this.end('no media');
    });
  }

  /** A picture loss indication to the browser: it answers with a keyframe (SPS, PPS, IDR). */
  private requestKeyframe(): void {
    const ssrc = this.ssrcs.video;
    if (ssrc === null || this.ended) return;
    this.lastPliAt = Date.now();
    void this.transceivers.video?.receiver.sendRtcpPLI(ssrc).catch(() => undefined);
  }

  private every(ms: number, work: () => void): void {
    const timer = setInterval(work, ms);
    timer.unref();
    this.timers.push(timer);
  }

  get publishing(): boolean {
    return this.published;
  }

  /** Ends the session once, whatever asked (DELETE, a reissued key, the browser gone, shutdown). */
  async end(reason: string): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    this.options.log.debug({ sessionId: this.id, reason }, 'WHIP session ended');
    for (const timer of this.timers) clearInterval(timer);
    this.ffmpeg?.kill('SIGKILL');
    this.hop?.close();
    // Only the key's current publisher hands its end on: one replaced by a newer publisher says nothing.
    const current = this.published ? this.options.hub.unpublish(this.streamKeyId, this.disconnect) : !this.options.hub.isPublishing(this.streamKeyId);
    this.onEnded(this);
    if (current) this.options.gate.done(this.streamKeyId);
    await this.pc.close().catch(() => undefined);
  }
}

/**
 * The WHIP ingest (RFC 9725) of the `ingest` role: an offer of a checked key becomes a session
 * feeding the stream hub. At most one session per key (the claim), at most maxSessions here.
 */
export function whipIngest(options: WhipIngestOptions) {
  const sessions = new Map<string, WhipSession>();
  /** Keys whose offer is being answered: a second offer meanwhile is refused without a peer connection. */
  const opening = new Set<number>();
  const stun = localStunResponder();

  // A reissued key ends its session even before media has reached the hub.
  options.hub.on('kick', (streamKeyId) => {
    for (const session of sessions.values()) if (session.streamKeyId === streamKeyId) void session.end('key reissued');
  });

  return {
    /** Answers an offer for a checked key, or throws WhipOfferError. The key's claim is taken here. */
    async open(streamKeyId: number, offer: string, credential: string): Promise<WhipAnswer> {
      if (!plausibleOffer(offer)) throw new WhipOfferError('WHIP_SDP_INVALID');
      if (!offersH264(offer)) throw new WhipOfferError('WHIP_CODEC_UNSUPPORTED');
      if (sessions.size + opening.size >= options.maxSessions) throw new WhipOfferError('WHIP_SESSION_LIMIT');
      if (opening.has(streamKeyId) || options.hub.isPublishing(streamKeyId)) throw new WhipOfferError('WHIP_KEY_BUSY');
      opening.add(streamKeyId);
      const pc = new RTCPeerConnection({
        codecs: codecs(),
        bundlePolicy: 'max-bundle',
        ...(options.publicAddresses?.length ? { iceAdditionalHostAddresses: options.publicAddresses } : {}),
        ...(options.udpPorts ? { icePortRange: options.udpPorts } : {}),
      });
      // Gathering asks the local responder (see localStunResponder), never werift's default STUN server.
      pc.config.iceServers = [{ urls: `stun:127.0.0.1:${(await stun).port}` }];
      let session: WhipSession | null = null;
      const arrived: MediaStreamTrack[] = [];
      const early = pc.onTrack.subscribe((track) => void arrived.push(track));
      try {
        let answer: string;
        let hasAudio: boolean;
        try {
          await pc.setRemoteDescription({ type: 'offer', sdp: offer });
          const video = pc.getTransceivers().find((transceiver) => transceiver.kind === 'video');
          if (!video?.codecs.some((codec) => codec.mimeType.toLowerCase() === 'video/h264')) throw new WhipOfferError('WHIP_CODEC_UNSUPPORTED');
          hasAudio = pc.getTransceivers().some((transceiver) => transceiver.kind === 'audio' && transceiver.codecs.length > 0);
          await pc.setLocalDescription(await pc.createAnswer());
          // No trickle ICE: the answer carries every candidate (RFC 9725 lets the server gather first).
          if (pc.iceGatheringState !== 'complete') await pc.iceGatheringStateChange.watch((state) => state === 'complete', 5000);
          answer = pc.localDescription?.sdp ?? '';
          if (!answer) throw new WhipOfferError('WHIP_SDP_INVALID');
        } catch (error) {
          throw error instanceof WhipOfferError ? error : new WhipOfferError('WHIP_SDP_INVALID');
        }
        if (!(await options.gate.claim(streamKeyId))) throw new WhipOfferError('WHIP_KEY_BUSY');
        const id = randomBytes(16).toString('hex');
        early.unSubscribe();
        session = new WhipSession(id, streamKeyId, credential, pc, options, (ended) => sessions.delete(ended.id), arrived);
        sessions.set(id, session);
        await session.start(hasAudio);
        return { sessionId: id, sdp: answer };
      } catch (error) {
        if (session) await session.end('could not start');
        else await pc.close().catch(() => undefined);
        throw error;
      } finally {
        opening.delete(streamKeyId);
      }
    },

    /** DELETE on the session's resource: true when it was there. */
    async close(sessionId: string): Promise<boolean> {
      const session = sessions.get(sessionId);
      if (!session) return false;
      await session.end('deleted by the client');
      return true;
    },

    has(sessionId: string): boolean {
      return sessions.has(sessionId);
    },

    get size(): number {
      return sessions.size;
    },

    async closeAll(): Promise<void> {
      await Promise.all([...sessions.values()].map((session) => session.end('shutdown')));
      (await stun).close();
    },
  };
}

export type WhipIngest = ReturnType<typeof whipIngest>;
