import { describe, expect, it } from 'vitest';
import { h264PictureSize } from './h264-sps';

/** Bits written as text ("0110…"), padded with zeros to whole bytes. */
const bits = (text: string) => {
  const clean = text.replace(/\s/g, '');
  const bytes = Buffer.alloc(Math.ceil(clean.length / 8));
  for (let i = 0; i < clean.length; i++) if (clean[i] === '1') bytes[i >> 3]! |= 0x80 >> (i & 7);
  return bytes;
};

describe('h264PictureSize', () => {
  it("reads the sizes of x264's SPS (baseline 640x360 and 1920x1080 cropped, high 1280x720)", () => {
    expect(h264PictureSize(Buffer.from('6742c01eda0280bfe5c044000003000400000300f03c58ba80', 'hex'))).toEqual({ width: 640, height: 360 });
    expect(h264PictureSize(Buffer.from('6742c028da01e0089f970110000003001000000303c0f1832a', 'hex'))).toEqual({ width: 1920, height: 1080 });
    expect(h264PictureSize(Buffer.from('6764001facd9405005bb0110000003001000000303c0f1831960', 'hex'))).toEqual({ width: 1280, height: 720 });
  });

  it('gives up at once on an SPS declaring a picture-order cycle of two billion frames (a publisher froze the process with it)', () => {
    // NAL 0x67, baseline, sps id 0, log2_max_frame_num 0, poc type 1, flags, then a cycle of 2^31 - 2.
    const hostile = Buffer.concat([Buffer.from([0x67, 66, 0, 30]), bits(`1 1 010 0 1 1 ${'0'.repeat(30)}1${'1'.repeat(30)}`)]);
    const started = performance.now();
    expect(h264PictureSize(hostile)).toBeNull();
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('answers null for garbage, an empty or truncated SPS, and absurd sizes', () => {
    expect(h264PictureSize(Buffer.alloc(0))).toBeNull();
    expect(h264PictureSize(Buffer.from('6742c0', 'hex'))).toBeNull();
    expect(h264PictureSize(Buffer.alloc(64, 0))).toBeNull();
    // 65536 macroblocks wide.
    expect(h264PictureSize(Buffer.concat([Buffer.from([0x67, 66, 0, 30]), bits(`1 1 1 1 0 ${'0'.repeat(16)}1${'0'.repeat(15)}1 1 1 1 0`)]))).toBeNull();
  });
});
