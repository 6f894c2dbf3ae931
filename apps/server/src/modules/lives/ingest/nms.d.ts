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
  class Rtmp {
    streamApp: string;
    streamName: string;
    streamId: number;
    onConnectCallback: (req: { app: string; name: string; host: string; query: unknown }) => void;
    onPlayCallback: () => void;
    onPushCallback: () => void;
    onPacketCallback: (packet: AVPacket) => void;
    onOutputCallback: (buffer: Buffer) => void;
    parserData(buffer: Buffer): string | null;
    onPublish(invokeMessage: { streamName: string }): void;
    onPlay(invokeMessage: { streamName: string }): void;
    sendStatusMessage(sid: number, level: string, code: string, description: string): void;
    parserPacket: { header: { stream_id: number } };
  }
  export = Rtmp;
}

declare module 'node-media-server/src/protocol/flv.js' {
  import type AVPacket from 'node-media-server/src/core/avpacket.js';
  class Flv {
    static createHeader(hasAudio: boolean, hasVideo: boolean): Buffer;
    static createMessage(packet: AVPacket): Buffer;
  }
  export = Flv;
}

declare module 'node-media-server/src/protocol/sps_info.js' {
  export function parseH264Sps(sps: Buffer): { width: number; height: number } | null;
  export function parseH265Sps(sps: Buffer): { width: number; height: number } | null;
}
