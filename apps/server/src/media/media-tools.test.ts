import { describe, expect, it } from 'vitest';
import { LOOP_LENGTH_TOLERANCE_SECONDS, LOOP_MAX_FRAME_RATE } from '@studio/contract/constants';
import { boundedCommand, PacketMeter, runBounds, type MediaTools } from './media-tools';

const tools: MediaTools = { ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe', prlimit: '/usr/bin/prlimit', nice: '/usr/bin/nice', memoryMb: { probe: 512, work: 2048 } };

const packet = (pts: number | null, duration: number | null, dts = pts) => `pts_time=${pts ?? 'N/A'}|dts_time=${dts ?? 'N/A'}|duration_time=${duration ?? 'N/A'}`;

/** Feeds packets until the meter answers; says how many it needed. */
function feed(meter: PacketMeter, packets: Iterable<string>) {
  let read = 0;
  for (const line of packets) {
    read += 1;
    const verdict = meter.add(line);
    if (verdict) return { verdict, read };
  }
  return { verdict: meter.verdict(), read };
}

function* steady(rate: number, count: number) {
  for (let i = 0; i < count; i++) yield packet(i / rate, 1 / rate);
}

describe('a loop measured by its packets', () => {
  it('lasts from its first timestamp to the end of its last frame, whatever order the frames come in', () => {
    const meter = new PacketMeter(180);
    // B-frames: decode order differs from presentation order; the last packet read is not the last shown.
    for (const pts of [0, 0.2, 0.1, 0.4, 0.3]) expect(meter.add(packet(pts, 0.1))).toBeNull();
    expect(meter.result()).toEqual({ seconds: 0.5, rate: 10 });
    expect(meter.verdict()).toBeNull();
  });

  it('gives a packet without a duration the clip\'s average interval, and takes the decode time when there is no presentation time', () => {
    const meter = new PacketMeter(180);
    for (const at of [10, 11, 12, 13]) meter.add(packet(null, null, at));
    expect(meter.result()?.seconds).toBeCloseTo(4);
  });

  it('stops at the first packet past the limit: 400 s of frames are refused after the limit\'s worth of them', () => {
    const { verdict, read } = feed(new PacketMeter(180), steady(1, 400));
    expect(verdict).toBe('LOOP_TOO_LONG');
    expect(read).toBe(Math.floor(180 + LOOP_LENGTH_TOLERANCE_SECONDS) + 1);
  });

  it('refuses more frames a second than the limit, however the header put it, and reads no more than a whole clip at the limit could hold', () => {
    // A million packets, 1000 a second: judged long before the end.
    const { verdict, read } = feed(new PacketMeter(180), steady(1000, 1_000_000));
    expect(verdict).toBe('LOOP_FRAME_RATE_TOO_HIGH');
    expect(read).toBeLessThanOrEqual(Math.ceil((180 + LOOP_LENGTH_TOLERANCE_SECONDS) * LOOP_MAX_FRAME_RATE * 1.01) + 2);
    // A short clip too fast is refused once all of it is in.
    expect(feed(new PacketMeter(180), steady(120, 240)).verdict).toBe('LOOP_FRAME_RATE_TOO_HIGH');
    expect(feed(new PacketMeter(180), steady(LOOP_MAX_FRAME_RATE, 600)).verdict).toBeNull();
    expect(feed(new PacketMeter(180), steady(60000 / 1001, 600)).verdict).toBeNull();
  });

  it('finds no video in a stream without packets or timestamps', () => {
    expect(new PacketMeter(180).verdict()).toBe('LOOP_NOT_VIDEO');
    const meter = new PacketMeter(180);
    meter.add(packet(null, null, null));
    expect(meter.verdict()).toBe('LOOP_NOT_VIDEO');
  });
});

describe('the bounds of a media run', () => {
  it('prefixes every tool with prlimit (address space, CPU seconds then a kill five seconds later, no core file) and nice', () => {
    const bounds = runBounds(tools, 'probe');
    expect(boundedCommand(tools, bounds, tools.ffprobe, ['-v', 'error', 'file'])).toEqual({
      command: '/usr/bin/prlimit',
      args: [`--as=${512 * 1024 * 1024}`, '--cpu=60:65', '--core=0', '/usr/bin/nice', '-n', '10', '/usr/bin/ffprobe', '-v', 'error', 'file'],
    });
  });

  it('chooses them by kind of work: a probe small, a transcode by the clip\'s length, a live remux without a wall time', () => {
    expect(runBounds(tools, 'probe')).toEqual({ memoryBytes: 512 * 1024 ** 2, cpuSeconds: 60, wallMs: 60_000 });
    expect(runBounds(tools, 'transcode', 3)).toEqual({ memoryBytes: 2048 * 1024 ** 2, cpuSeconds: 120, wallMs: 120_000 });
    expect(runBounds(tools, 'transcode', 180)).toEqual({ memoryBytes: 2048 * 1024 ** 2, cpuSeconds: 1800, wallMs: 3_600_000 });
    expect(runBounds(tools, 'remux').wallMs).toBeNull();
  });
});
