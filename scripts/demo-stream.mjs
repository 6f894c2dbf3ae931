// Publishes a test picture (with a running clock) and a tone to the studio's RTMP ingest, as OBS
// would, so a new user can watch a live work without an encoder:
//   npm run demo:stream -- <secret stream key>
// RTMP_URL overrides the server (default rtmp://127.0.0.1:${RTMP_PORT:-1935}/live).
import { spawn, execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const key = process.argv[2];
if (!key) {
  console.error('Usage: npm run demo:stream -- <secret stream key>\n(copy the key from the live page: Stream key → Copy)');
  process.exit(1);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const ffmpeg = execFileSync(process.execPath, [path.join(here, 'ensure-media-tools.mjs'), '--print'], { encoding: 'utf8' }).trim();
const server = process.env.RTMP_URL ?? `rtmp://127.0.0.1:${process.env.RTMP_PORT ?? 1935}/live`;
console.log(`Publishing a 1280x720 test picture and a tone to ${server}/<your key> — Ctrl-C stops.`);
const encoder = spawn(
  ffmpeg,
  [
    '-hide_banner', '-loglevel', 'error', '-nostdin',
    '-re', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30',
    '-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100',
    '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-b:v', '2500k', '-g', '60',
    '-c:a', 'aac', '-b:a', '128k',
    '-f', 'flv', `${server}/${key}`,
  ],
  { stdio: ['ignore', 'inherit', 'inherit'] },
);
let stopping = false;
encoder.on('close', (code) => {
  if (stopping) process.exit(0);
  if (code) console.error(`The encoder stopped (exit ${code}): is the studio running, and is the key current? A wrong or reissued key is refused.`);
  process.exit(code ?? 0);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    encoder.kill('SIGINT');
  });
}
