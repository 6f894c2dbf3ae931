import { Writable } from 'node:stream';
import type AVPacket from 'node-media-server/src/core/avpacket.js';
import { describe, expect, it } from 'vitest';
import { MAX_GOP_PACKETS, MAX_SINK_BACKLOG_BYTES, StreamHub, writeUnlessBehind } from './stream-hub';

const frame = (keyframe: boolean, size = 16): AVPacket => ({ codec_type: 9, codec_id: 7, flags: keyframe ? 3 : 4, pts: 0, dts: 0, size, data: Buffer.alloc(size, keyframe ? 0x17 : 0x27) });

describe('StreamHub under a hostile publisher', () => {
  it('keeps a bounded GOP for new viewers when keyframes never come again', () => {
    const hub = new StreamHub(() => 0);
    hub.publish(1, () => undefined);
    hub.packet(1, frame(true));
    for (let i = 0; i < MAX_GOP_PACKETS * 2; i++) hub.packet(1, frame(false));
    let tags = 0;
    hub.subscribe(1, { write: () => void tags++, end: () => undefined });
    // The FLV header and at most one GOP's worth of frames.
    expect(tags).toBeLessThanOrEqual(MAX_GOP_PACKETS + 1);
  });
});

describe('StreamHub reception (decision 062: receiving from the first video keyframe)', () => {
  const header: AVPacket = { codec_type: 9, codec_id: 7, flags: 2, pts: 0, dts: 0, size: 5, data: Buffer.alloc(5) };
  const audio: AVPacket = { codec_type: 8, codec_id: 10, flags: 1, pts: 0, dts: 0, size: 8, data: Buffer.alloc(8, 0xaf) };

  it('is not receiving on a connection alone, nor on setup, audio or frames before a keyframe; it is from the keyframe, once', () => {
    const hub = new StreamHub(() => 0);
    const media: number[] = [];
    hub.on('media', (id) => media.push(id));
    const disconnect = () => undefined;
    hub.publish(4, disconnect);
    expect(hub.isPublishing(4)).toBe(true);
    expect(hub.isReceiving(4)).toBe(false);
    for (const packet of [header, audio, frame(false)]) hub.packet(4, packet);
    expect(hub.isReceiving(4)).toBe(false);
    expect(media).toEqual([]);
    hub.packet(4, frame(true));
    expect(hub.isReceiving(4)).toBe(true);
    hub.packet(4, frame(true));
    expect(media).toEqual([4]);
    // Each publication counts anew: a new publisher's keyframe is told again; its end ends reception.
    hub.publish(4, () => undefined);
    expect(hub.isReceiving(4)).toBe(false);
    hub.packet(4, frame(true));
    expect(media).toEqual([4, 4]);
    expect(hub.isReceiving(5)).toBe(false);
  });
});

describe('writeUnlessBehind', () => {
  it('stops queueing for a reader that stopped reading', () => {
    // A stream whose writes never complete: everything written waits in its buffer.
    const stuck = new Writable({ highWaterMark: 1024, write: () => undefined });
    const tag = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < 64; i++) writeUnlessBehind(stuck, tag);
    expect(stuck.writableLength).toBeLessThanOrEqual(MAX_SINK_BACKLOG_BYTES + tag.length);
    stuck.destroy();
  });
});
