// Types for the parts of node-media-server 4.x the embedded ingest uses: its RTMP protocol
// parser and FLV helpers, not its server (which logs stream paths, that is secret keys).

declare module 'node-media-server/src/core/avpacket.js' {
  class AVPacket {
    codec_id: number;
    /** 8 audio, 9 video, 18 script data (FLV tag types). */
    codec_type: number;
    /** Video: 2 sequence header, 3 keyframe, 4 other frame; audio: 0 sequence header, 1 frame; 5 script. */
    flags: number;
    pts: number;
    dts: number;
    size: number;
    data: Buffer;
  }
  export = AVPacket;
}

declare module 'node-media-server/src/protocol/rtmp.js' {
  import type AVPacket from 'node-media-server/src/core/avpacket.js';
  type RtmpHeader = { fmt: number; cid: number; timestamp: number; length: number; type: number; stream_id: number };
  type RtmpPacket = { header: RtmpHeader; clock: number; payload: Buffer; capacity: number; bytes: number };
  class Rtmp {
    streamApp: string;
    streamName: string;
    streamId: number;
    objectEncoding: number;
    /** 0 before C0, 1 while reading C1, 2 while reading C2, 3 once done. */
    handshakeState: number;
    inChunkSize: number;
    /** The chunk streams' messages being assembled, by chunk stream id. */
    inPackets: Map<number, RtmpPacket>;
    parserPacket: RtmpPacket;
    parserBuffer: Buffer;
    /** How many bytes the current chunk's basic header has (1 to 3). */
    parserBasicBytes: number;
    onConnectCallback: (req: { app: string; name: string; host: string; query: unknown }) => void;
    onPlayCallback: () => void;
    onPushCallback: () => void;
    onPacketCallback: (packet: AVPacket) => void;
    onOutputCallback: (buffer: Buffer) => void;
    parserData(buffer: Buffer): string | null;
    // The steps of the parser a subclass guards (node-media-server 4.4, src/protocol/rtmp.js).
    packetParse(): void;
    chunkMessageHeaderRead(): number;
    packetAlloc(): void;
    controlHandler(): void;
    invokeHandler(): void;
    dataHandler(): void;
    onConnect(invokeMessage: { transId: number; cmdObj: { app: string; tcUrl: string; objectEncoding?: number } }): void;
    onPublish(invokeMessage: { streamName: string }): void;
    onPlay(invokeMessage: { streamName: string }): void;
    respondCreateStream(transId: number): void;
    sendStatusMessage(sid: number, level: string, code: string, description: string): void;
  }
  export = Rtmp;
}

declare module 'node-media-server/src/protocol/amf.js' {
  /** A command message: its name, transaction id, command object and the command's own arguments by name. */
  export function decodeAmf0Cmd(payload: Buffer): Record<string, unknown>;
}

declare module 'node-media-server/src/protocol/flv.js' {
  import type AVPacket from 'node-media-server/src/core/avpacket.js';
  class Flv {
    /** The FLV reader (the WHIP ingest reads its own ffmpeg's output with it): each whole tag is a packet. */
    onPacketCallback: (packet: AVPacket) => void;
    /** Feeds bytes; answers why the stream is unreadable, or null. */
    parserData(buffer: Buffer): string | null;
    static createHeader(hasAudio: boolean, hasVideo: boolean): Buffer;
    static createMessage(packet: AVPacket): Buffer;
  }
  export = Flv;
}

declare module 'node-media-server/src/core/logger.js' {
  const logger: { log(message: string, level?: string): void };
  export = logger;
}
