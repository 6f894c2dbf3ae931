import { describe, expect, it } from 'vitest';
import { parseAacConfig, recommendedMinKbps, StreamStats, streamHealth, videoCodecName } from './stream-stats';

/** A publisher sending `fps` frames a second of `bytes` each, a keyframe every `gop` frames, for `seconds`. */
function feed(options: { fps: number | ((second: number) => number); bytes: number; gop: number; seconds: number; audio?: boolean }) {
  const stats = new StreamStats(0);
  let frame = 0;
  for (let second = 0; second < options.seconds; second++) {
    const fps = typeof options.fps === 'number' ? options.fps : options.fps(second);
    for (let i = 0; i < fps; i++) {
      const at = second * 1000 + (i * 1000) / fps;
      stats.onVideo(at, options.bytes, frame % options.gop === 0);
      if (options.audio !== false) stats.onAudio(at, 400);
      frame++;
    }
  }
  stats.height = 720;
  return stats.snapshot(options.seconds * 1000);
}

const codes = (snapshot: ReturnType<typeof feed>) => streamHealth('RECEIVING', snapshot, 720).map((issue) => issue.code);

describe('stream health', () => {
  it('finds nothing wrong with a steady 720p30 stream at 3 Mbps with a keyframe every 2 s and audio', () => {
    const snapshot = feed({ fps: 30, bytes: 12_500, gop: 60, seconds: 8 });
    expect(snapshot.frameRate).toBeCloseTo(30, 0);
    expect(snapshot.videoKbps).toBeGreaterThan(2900);
    expect(codes(snapshot)).toEqual([]);
  });

  it('warns of missing audio, a bitrate too low for the resolution, keyframes over 4 s apart and a wobbling frame rate', () => {
    expect(codes(feed({ fps: 30, bytes: 12_500, gop: 60, seconds: 8, audio: false }))).toEqual(['NO_AUDIO']);
    const low = streamHealth('RECEIVING', feed({ fps: 30, bytes: 2_000, gop: 60, seconds: 8 }), 720);
    expect(low).toEqual([{ code: 'VIDEO_BITRATE_LOW', severity: 'WARNING', params: { bitrateKbps: expect.any(Number) as number, recommendedKbps: 1500, height: 720 } }]);
    expect(codes(feed({ fps: 30, bytes: 12_500, gop: 180, seconds: 14 }))).toEqual(['KEYFRAME_INTERVAL_LONG']);
    expect(codes(feed({ fps: (s) => (s % 2 ? 30 : 12), bytes: 20_000, gop: 30, seconds: 8 }))).toEqual(['FRAME_RATE_UNSTABLE']);
  });

  it('judges a clean 30 fps stream over a window: no warning at its first checks, whatever its start looked like', () => {
    // As a real encoder starts: the handshake takes 0.7 s, then x264's look-ahead arrives in one burst.
    const stats = new StreamStats(0);
    stats.height = 360;
    const frameAt = (frame: number) => (frame < 20 ? 700 + frame : 700 + (frame * 1000) / 30);
    let frame = 0;
    const feedUntil = (ms: number) => {
      for (; frameAt(frame) <= ms; frame++) {
        stats.onVideo(frameAt(frame), 5_000, frame % 60 === 0);
        stats.onAudio(frameAt(frame), 400);
      }
    };
    for (const checkAt of [1_500, 2_500, 3_500, 5_000, 6_500, 9_000]) {
      feedUntil(checkAt);
      expect(streamHealth('RECEIVING', stats.snapshot(checkAt), 360), `check at ${checkAt} ms`).toEqual([]);
    }
    // A wobbling rate is still found once judged.
    expect(codes(feed({ fps: (s) => (s % 2 ? 30 : 12), bytes: 20_000, gop: 30, seconds: 6 }))).toEqual(['FRAME_RATE_UNSTABLE']);
  });

  it('reports an interruption, and nothing for a stream that is idle or ended', () => {
    expect(streamHealth('INTERRUPTED', null, 0)).toEqual([{ code: 'STREAM_INTERRUPTED', severity: 'ERROR', params: {} }]);
    expect(streamHealth('IDLE', null, 0)).toEqual([]);
    expect(streamHealth('ENDED', null, 0)).toEqual([]);
  });

  it('knows YouTube-like minimum bitrates, codec names and AAC settings', () => {
    expect([recommendedMinKbps(2160), recommendedMinKbps(1080), recommendedMinKbps(720), recommendedMinKbps(360), recommendedMinKbps(144)]).toEqual([13_000, 3_000, 1_500, 400, 300]);
    expect(videoCodecName(7)).toBe('H.264');
    expect(videoCodecName(Buffer.from('hvc1').readUInt32BE())).toBe('HEVC');
    // AAC-LC, 44.1 kHz, stereo: 0x12 0x10.
    expect(parseAacConfig(Buffer.from([0x12, 0x10]))).toEqual({ sampleRate: 44_100, channels: 2 });
  });
});
