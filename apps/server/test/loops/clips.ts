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
  // A playlist naming a file of the server's own disk by its absolute path: the tools must never follow
  // it (an HLS playlist or a concat list uploaded as a video is how a server's files end up in a rendition).
  const segment = encode('segment.ts', ['-f', 'lavfi', '-i', 'testsrc2=size=160x284:rate=10', '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'mpegts']);
  const playlist = path.join(dir, 'playlist.mp4');
  writeFileSync(playlist, `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:2.0,\nfile://${segment}\n#EXT-X-ENDLIST\n`);
  const concatList = path.join(dir, 'concat.mp4');
  writeFileSync(concatList, `ffconcat version 1.0\nfile 'segment.ts'\nfile 'file:${segment}'\n`);
  return { dir, vertical, long, audioOnly, truncated, text, segment, playlist, concatList };
}
