// Publishes a test picture (with a running clock) and a tone to the studio's RTMP ingest, as OBS
// would, so a new user can watch a live work without an encoder:
//   npm run demo:stream -- <secret stream key>
// It publishes to the studio running on this machine's data folder (DATA_DIR, ./data by default) on the
// RTMP port that studio took, whatever RTMP_PORT it was started with; RTMP_URL overrides the server.
// `--print-url` only prints where it would publish. Runs under tsx (see package.json) to read the
// studio's own ingest file module.
import { spawn, execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readIngestPort } from '../apps/server/src/ingest-file.ts';

const printOnly = process.argv.includes('--print-url');
const key = process.argv.slice(2).find((arg) => arg !== '--print-url');
if (!key && !printOnly) {
  console.error('Usage: npm run demo:stream -- <secret stream key>\n(copy the key from the live page: Stream key → Copy)');
  process.exit(1);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const server = process.env.RTMP_URL ?? localServer();
if (printOnly) {
  console.log(server);
  process.exit(0);
}
const ffmpeg = execFileSync(process.execPath, [path.join(here, 'ensure-media-tools.mjs'), '--print'], { encoding: 'utf8' }).trim();
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

/** The RTMP address of the studio running here; RTMP_PORT (or 1935) when none says it runs. */
function localServer() {
  const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
  const port = readIngestPort(dataDir);
  if (port !== null) return `rtmp://127.0.0.1:${port}/live`;
  const fallback = process.env.RTMP_PORT ?? '1935';
  console.error(`No studio is running on ${dataDir} (npm start writes ingest.json there): trying RTMP port ${fallback}.`);
  return `rtmp://127.0.0.1:${fallback}/live`;
}
