import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveMediaTools } from '../../src/media/media-tool-paths';

/** Test files made by the real encoder, once per test file. */
export function makeClips() {
  const dir = mkdtempSync(path.join(tmpdir(), 'studio-clips-'));
  // The encoder the server itself would use (one resolver for the studio and its tests).
  const { ffmpeg } = resolveMediaTools({ env: process.env });
  const encode = (name: string, args: string[]) => {
    const file = path.join(dir, name);
    execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, file]);
    return file;
  };
  const vertical = encode('vertical.mp4', ['-f', 'lavfi', '-i', 'testsrc2=size=540x960:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '30', '-c:a', 'aac', '-shortest', '-movflags', '+faststart']);
  const long = encode('long.mp4', ['-f', 'lavfi', '-i', 'testsrc2=size=160x284:rate=10', '-t', '8', '-c:v', 'libx264', '-preset', 'ultrafast']);
  const audioOnly = encode('audio.m4a', ['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '2', '-c:a', 'aac']);
  // The index first, then half of the frames: what an interrupted copy of a phone video looks like.
  const whole = readFileSync(vertical);
  const truncated = path.join(dir, 'truncated.mp4');
  writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length * 0.5)));
  const text = path.join(dir, 'notes.mp4');
  writeFileSync(text, 'This is a text file with a video name.\n'.repeat(200));
  return { dir, vertical, long, audioOnly, truncated, text };
}
