import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { resolveMediaTools } from '../../src/media/media-tool-paths';

/** Matroska's Segment Info Duration element (EBML id 0x4489), in TimecodeScale units (ms by default). */
const DURATION_ID = Buffer.from([0x44, 0x89]);

/**
 * Files that lie about themselves or cost far more than their size, made by the real encoder as the
 * outside probe made them (issue 20): each checked with ffprobe to be the lie it is meant to be.
 */
export function makeHostileClips() {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-hostile-'));
  const { ffmpeg, ffprobe } = resolveMediaTools({ env: process.env });
  const encode = (name: string, args: string[]) => {
    const file = path.join(dir, name);
    execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, file]);
    return file;
  };
  const formatDuration = (file: string) => Number(execFileSync(ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());

  /** A Matroska file of `seconds` of tiny cheap frames whose header says it lasts `declared` seconds. */
  const lyingMatroska = (name: string, seconds: number, declared: number) => {
    const file = encode(name, ['-f', 'lavfi', '-i', `testsrc2=size=64x64:rate=2:duration=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '600']);
    const bytes = readFileSync(file);
    const at = bytes.indexOf(DURATION_ID);
    const size = bytes[at + 2];
    // 0x88: an 8-byte float follows, 0x84: a 4-byte one (both are what muxers write).
    if (size === 0x88) bytes.writeDoubleBE(declared * 1000, at + 3);
    else if (size === 0x84) bytes.writeFloatBE(declared * 1000, at + 3);
    else throw new Error(`unexpected Duration size byte ${String(size)}`);
    writeFileSync(file, bytes);
    // The lie holds: the container's header says `declared`, whatever the frames say.
    expect(formatDuration(file)).toBeCloseTo(declared, 1);
    return file;
  };

  /**
   * 30 s of 64x64 frames, then one 16000x16000 frame: the header and the first frames (all ffprobe
   * reads of the stream) say 64x64. Raw H.264 carries each part's own parameter sets, so the two
   * parts joined byte for byte switch resolution mid-stream.
   */
  const switching = () => {
    const small = encode('small.h264', ['-f', 'lavfi', '-i', 'testsrc2=size=64x64:rate=2:duration=30', '-c:v', 'libx264', '-preset', 'ultrafast', '-bsf:v', 'h264_mp4toannexb']);
    const big = encode('big.h264', ['-f', 'lavfi', '-i', 'color=c=black:size=16000x16000:rate=2:duration=0.5', '-c:v', 'libx264', '-preset', 'ultrafast', '-threads', '2']);
    const joined = path.join(dir, 'joined.h264');
    writeFileSync(joined, Buffer.concat([readFileSync(small), readFileSync(big)]));
    const file = encode('switching.mkv', ['-r', '2', '-i', joined, '-c', 'copy']);
    const size = execFileSync(ffprobe, ['-v', 'error', '-show_entries', 'stream=width,height', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim();
    expect(size).toBe('64,64');
    return file;
  };

  return {
    dir,
    /** A clip whose header and first frames are small and whose last frame is 16000x16000. */
    switching: switching(),
    /** 400 s of frames declaring 2 s: the file, against the 180-second limit. */
    lying400: lyingMatroska('lying-400s.mkv', 400, 2),
    /** 12 s of frames declaring 2 s: within the limit, so it is made; its listed length must be 12 s. */
    lying12: lyingMatroska('lying-12s.mkv', 12, 2),
    /** One 16000x16000 frame of H.264 (~750 KB): the clip whose decode peaked at 2.6 GB. */
    huge: encode('huge.mkv', ['-f', 'lavfi', '-i', 'color=c=black:size=16000x16000:rate=1:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-threads', '2']),
    /** A frame 4098 wide and 64 high: few pixels, one side over the limit. */
    wide: encode('wide.mp4', ['-f', 'lavfi', '-i', 'color=c=gray:size=4098x64:rate=10:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast']),
    /** 2 s at 120 frames per second, as its header says. */
    fast: encode('fast.mkv', ['-f', 'lavfi', '-i', 'testsrc2=size=64x64:rate=120:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast']),
    /** 180.4 s: within the limit's tolerance, so it is taken, and longer than the limit itself. */
    justOver: encode('just-over.mkv', ['-f', 'lavfi', '-i', 'testsrc2=size=64x64:rate=5:duration=180.4', '-c:v', 'libx264', '-preset', 'ultrafast']),
    /** 3 s at 60 frames per second: the highest rate allowed. */
    sixty: encode('sixty.mp4', ['-f', 'lavfi', '-i', 'testsrc2=size=64x64:rate=60:duration=3', '-c:v', 'libx264', '-preset', 'ultrafast']),
  };
}
