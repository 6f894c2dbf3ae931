import { describe, expect, it } from 'vitest';
import { carriesSps } from './whip-ingest';

// The WHIP session holds the audio until the video's first SPS (a shared screen's keyframe came after
// ffmpeg's 1 s probe had ended on audio alone, and the remux failed: "dimensions not set").
describe('carriesSps: an H.264 RTP payload (RFC 6184) with a sequence parameter set', () => {
  const sps = [0x67, 0x42, 0xc0, 0x1f, 0xda];
  const pps = [0x68, 0xce, 0x3c, 0x80];
  const idr = [0x65, 0x88, 0x84];

  it('finds a single SPS NAL unit, and not a PPS, an IDR slice or a P slice alone', () => {
    expect(carriesSps(Uint8Array.from(sps))).toBe(true);
    expect(carriesSps(Uint8Array.from(pps))).toBe(false);
    expect(carriesSps(Uint8Array.from(idr))).toBe(false);
    expect(carriesSps(Uint8Array.from([0x41, 0x9a, 0x00]))).toBe(false);
    expect(carriesSps(new Uint8Array())).toBe(false);
  });

  it('finds it in a STAP-A after another NAL unit (Chromium sends SPS and PPS aggregated), not in one without it', () => {
    const stap = (...units: number[][]) => Uint8Array.from([0x18, ...units.flatMap((unit) => [unit.length >> 8, unit.length & 0xff, ...unit])]);
    expect(carriesSps(stap(sps, pps))).toBe(true);
    expect(carriesSps(stap([0x06, 0x05, 0x01], sps))).toBe(true);
    expect(carriesSps(stap(pps, idr))).toBe(false);
    // A size that runs past the end is no SPS and no crash.
    expect(carriesSps(Uint8Array.from([0x18, 0xff, 0xff, 0x68]))).toBe(false);
  });

  it('finds it in the first FU-A fragment of an SPS only', () => {
    expect(carriesSps(Uint8Array.from([0x7c, 0x80 | 7, 0x42]))).toBe(true);
    expect(carriesSps(Uint8Array.from([0x7c, 7, 0x42]))).toBe(false);
    expect(carriesSps(Uint8Array.from([0x7c, 0x80 | 5, 0x88]))).toBe(false);
  });
});
