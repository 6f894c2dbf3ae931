// Declarations of the node-media-server internals used here, for every project that compiles this file (bench, e2e).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a file of ambient module declarations
/// <reference path="./nms.d.ts" />
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type AVPacket from 'node-media-server/src/core/avpacket.js';
import Flv from 'node-media-server/src/protocol/flv.js';
import { h264PictureSize } from './h264-sps';
import { audioCodecName, parseAacConfig, StreamStats, videoCodecName } from './stream-stats';

const AUDIO = 8;
const VIDEO = 9;
const SCRIPT = 18;
/**
 * What a GOP may hold for later viewers. A publisher that never sends a
 * keyframe would otherwise keep every frame it ever sent; past this the GOP is
 * dropped and new viewers start at the next keyframe (60 s of 1080p60).
 */
export const MAX_GOP_PACKETS = 3600;
const MAX_GOP_BYTES = 64 * 1024 * 1024;
/** A sink (the preview's viewer, the HLS ffmpeg) this far behind misses tags until it catches up. */
export const MAX_SINK_BACKLOG_BYTES = 32 * 1024 * 1024;

/**
 * Writes a tag to a sink's stream unless it is more than MAX_SINK_BACKLOG_BYTES behind: a reader
 * that stopped (a stuck ffmpeg, a viewer's stalled connection) must not make us hold the stream.
 */
export function writeUnlessBehind(stream: { writableLength: number; write(chunk: Buffer): boolean }, chunk: Buffer): void {
  if (stream.writableLength > MAX_SINK_BACKLOG_BYTES) return;
  stream.write(chunk);
}

/** Receives a publication as FLV bytes: the header and codec setup first, then every tag. */
export type FlvSink = { write(chunk: Buffer): void; end(): void };

type Publication = {
  streamKeyId: number;
  /** credentialOf() the secret the publisher presented (null: not known), so a reissue is noticed here. */
  credential: string | null;
  stats: StreamStats;
  /** Ends the publisher's connection (a reissued key, a shutdown). */
  disconnect: () => void;
  metadata: AVPacket | null;
  videoHeader: AVPacket | null;
  audioHeader: AVPacket | null;
  /** Everything since the last keyframe, so a new viewer's first frame is decodable at once. */
  gop: AVPacket[];
  gopBytes: number;
  sinks: Set<FlvSink>;
  /** Whether a video keyframe arrived: media flows, not only a connection (decision 062). */
  receiving: boolean;
};

export type HubEvents = {
  publish: [streamKeyId: number];
  /** The publisher's first video keyframe arrived (once per publication): the key is receiving (decision 062). */
  media: [streamKeyId: number];
  unpublish: [streamKeyId: number];
  /** The key's publisher must go (reissued): also told to a WHIP session whose media has not arrived yet. */
  kick: [streamKeyId: number];
};

/**
 * What a publication keeps of the secret it was accepted with: its SHA-256 (hex), never the secret.
 * PostgreSQL computes the same of a key's current secret (ingest-node-repository `credentials`), so a
 * node notices a reissue whose kick did not reach it (decision 059).
 */
export const credentialOf = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/**
 * The publications the embedded ingest is receiving, by stream key: their
 * measured statistics and the FLV fan-out to the private preview and the HLS
 * recorder. Nothing here knows a secret key (only its digest, credentialOf).
 */
export class StreamHub extends EventEmitter<HubEvents> {
  private publications = new Map<number, Publication>();

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  /** The keys whose publishers are received here. */
  keys(): number[] {
    return [...this.publications.keys()];
  }

  isPublishing(streamKeyId: number): boolean {
    return this.publications.has(streamKeyId);
  }

  /** Whether the key's publisher sent a video keyframe yet: a connection without media is not receiving. */
  isReceiving(streamKeyId: number): boolean {
    return this.publications.get(streamKeyId)?.receiving ?? false;
  }

  /** A new publisher for the key; one already there is disconnected (one key feeds one stream). */
  publish(streamKeyId: number, disconnect: () => void, credential: string | null = null): void {
    this.publications.get(streamKeyId)?.disconnect();
    this.end(streamKeyId);
    this.publications.set(streamKeyId, {
      streamKeyId,
      credential,
      stats: new StreamStats(this.now()),
      disconnect,
      metadata: null,
      videoHeader: null,
      audioHeader: null,
      gop: [],
      gopBytes: 0,
      sinks: new Set(),
      receiving: false,
    });
    this.emit('publish', streamKeyId);
  }

  /** The publisher's connection ended. A stale close (of a publisher already replaced) changes nothing. */
  unpublish(streamKeyId: number, disconnect: () => void): boolean {
    const publication = this.publications.get(streamKeyId);
    if (!publication || publication.disconnect !== disconnect) return false;
    this.end(streamKeyId);
    this.emit('unpublish', streamKeyId);
    return true;
  }

  /** Disconnects whoever publishes with this key (its secret was reissued). */
  kick(streamKeyId: number): void {
    this.emit('kick', streamKeyId);
    this.publications.get(streamKeyId)?.disconnect();
  }

  kickAll(): void {
    for (const publication of this.publications.values()) publication.disconnect();
  }

  private end(streamKeyId: number): void {
    const publication = this.publications.get(streamKeyId);
    if (!publication) return;
    this.publications.delete(streamKeyId);
    for (const sink of publication.sinks) sink.end();
  }

  packet(streamKeyId: number, packet: AVPacket): void {
    const publication = this.publications.get(streamKeyId);
    if (!publication) return;
    // The RTMP parser reuses its buffers; what is kept for later viewers must be a copy.
    packet.data = Buffer.from(packet.data.subarray(0, packet.size));
    const { stats } = publication;
    const at = this.now();
    if (packet.codec_type === SCRIPT) {
      publication.metadata = packet;
    } else if (packet.codec_type === VIDEO) {
      stats.videoCodec = videoCodecName(packet.codec_id);
      if (packet.flags === 2) {
        publication.videoHeader = packet;
        this.readVideoSize(publication, packet);
      } else {
        const keyframe = packet.flags === 3;
        stats.onVideo(at, packet.size, keyframe);
        if (keyframe) this.clearGop(publication);
        this.keep(publication, packet);
      }
    } else if (packet.codec_type === AUDIO) {
      stats.audioCodec = audioCodecName(packet.codec_id);
      if (packet.flags === 0) {
        publication.audioHeader = packet;
        const config = parseAacConfig(packet.data.subarray(2, packet.size));
        if (config) Object.assign(stats, config);
      } else {
        stats.onAudio(at, packet.size);
        if (publication.gop.length) this.keep(publication, packet);
      }
    }
    if (publication.sinks.size) {
      const tag = Flv.createMessage(packet);
      for (const sink of publication.sinks) sink.write(tag);
    }
    if (!publication.receiving && packet.codec_type === VIDEO && packet.flags === 3) {
      publication.receiving = true;
      this.emit('media', streamKeyId);
    }
  }

  private clearGop(publication: Publication): void {
    publication.gop = [];
    publication.gopBytes = 0;
  }

  private keep(publication: Publication, packet: AVPacket): void {
    if (publication.gop.length >= MAX_GOP_PACKETS || publication.gopBytes + packet.size > MAX_GOP_BYTES) {
      this.clearGop(publication);
      // Without its keyframe the rest is of no use to a new viewer.
      if (packet.codec_type !== VIDEO || packet.flags !== 3) return;
    }
    publication.gop.push(packet);
    publication.gopBytes += packet.size;
  }

  private readVideoSize(publication: Publication, packet: AVPacket): void {
    // AVCDecoderConfigurationRecord after the 5-byte FLV video header: the first SPS.
    const data = packet.data;
    if (packet.codec_id !== 7 || packet.size < 13) return;
    const spsLength = data.readUInt16BE(11);
    const size = h264PictureSize(data.subarray(13, 13 + spsLength));
    if (size) {
      publication.stats.width = size.width;
      publication.stats.height = size.height;
    }
  }

  /**
   * Streams the key's publication into `sink` from the last keyframe on. Answers
   * the unsubscribe function, or null when nothing is being received.
   */
  subscribe(streamKeyId: number, sink: FlvSink): (() => void) | null {
    const publication = this.publications.get(streamKeyId);
    if (!publication) return null;
    // Announce only the tracks the publisher sends: a demuxer told of audio that never comes waits for it.
    sink.write(Flv.createHeader(publication.audioHeader !== null || publication.stats.audioCodec !== null, true));
    for (const packet of [publication.metadata, publication.videoHeader, publication.audioHeader, ...publication.gop]) {
      if (packet) sink.write(Flv.createMessage(packet));
    }
    publication.sinks.add(sink);
    return () => publication.sinks.delete(sink);
  }

  /** The digest of the secret the key's current publisher was accepted with (null: none, or not known). */
  credential(streamKeyId: number): string | null {
    return this.publications.get(streamKeyId)?.credential ?? null;
  }

  stats(streamKeyId: number): StreamStats | null {
    return this.publications.get(streamKeyId)?.stats ?? null;
  }
}
