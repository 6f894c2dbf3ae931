// Loops (transcode, probe) and lives (HLS remux, the demo encoder) need ffmpeg and ffprobe; the
// test tier also runs nginx with Debian's RTMP module (the production ingest). The server takes
// FFMPEG_PATH / FFPROBE_PATH, else Debian's /usr/bin ones, else the first on PATH
// (apps/server/src/media/media-tool-paths.ts). This script makes sure they are there: it installs
// Debian's ffmpeg package (which brings ffprobe) with apt-get when they are missing and we run as
// root, and otherwise says what to install and stops.
//
//   node scripts/ensure-media-tools.mjs           ffmpeg and ffprobe (npm start, tests)
//   node scripts/ensure-media-tools.mjs --nginx   also nginx and libnginx-mod-rtmp (integration tests)
//   node scripts/ensure-media-tools.mjs --print   print the ffmpeg path the server will use
import { execFileSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

const args = new Set(process.argv.slice(2));
const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const HELP = "install Debian's ffmpeg package, which brings ffprobe (sudo apt-get install ffmpeg), or set FFMPEG_PATH and FFPROBE_PATH";
const say = (message) => {
  if (!args.has('--print')) console.log(`[media-tools] ${message}`);
};

let updated = false;
function aptInstall(packages) {
  if (!updated) execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  updated = true;
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
}

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The same order as the server's resolver: the variable, Debian's, PATH. */
function find(variable, name) {
  const configured = process.env[variable];
  if (configured) {
    if (configured.includes('/')) return executable(configured) ? configured : null;
    name = configured;
  } else if (executable(`/usr/bin/${name}`)) {
    return `/usr/bin/${name}`;
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    if (executable(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

function ensureFfmpeg() {
  let ffmpeg = find('FFMPEG_PATH', 'ffmpeg');
  let ffprobe = find('FFPROBE_PATH', 'ffprobe');
  if (ffmpeg && ffprobe) return ffmpeg;
  if (process.env.FFMPEG_PATH || process.env.FFPROBE_PATH) {
    console.error(`[media-tools] FFMPEG_PATH / FFPROBE_PATH name a file that is not an executable ffmpeg / ffprobe (ffmpeg: ${ffmpeg ?? 'missing'}, ffprobe: ${ffprobe ?? 'missing'}).`);
    process.exit(1);
  }
  if (isRoot && hasApt) {
    say('ffmpeg or ffprobe is missing: installing the Debian package ffmpeg with apt-get…');
    try {
      aptInstall(['ffmpeg']);
    } catch (error) {
      console.error(`[media-tools] apt-get could not install ffmpeg: ${error.message}`);
    }
    ffmpeg = find('FFMPEG_PATH', 'ffmpeg');
    ffprobe = find('FFPROBE_PATH', 'ffprobe');
    if (ffmpeg && ffprobe) return ffmpeg;
  }
  console.error(`[media-tools] ffmpeg and ffprobe are needed for loops and lives (ffmpeg: ${ffmpeg ?? 'missing'}, ffprobe: ${ffprobe ?? 'missing'}). To fix: ${HELP}.`);
  process.exit(1);
}

function ensureNginxRtmp() {
  const module = '/usr/lib/nginx/modules/ngx_rtmp_module.so';
  if (existsSync('/usr/sbin/nginx') && existsSync(module)) return;
  if (!isRoot || !hasApt) {
    console.error('The nginx-rtmp ingest test needs nginx and libnginx-mod-rtmp: sudo apt-get install -y nginx libnginx-mod-rtmp');
    process.exit(1);
  }
  say('installing nginx and libnginx-mod-rtmp with apt-get…');
  aptInstall(['nginx-light', 'libnginx-mod-rtmp']);
  if (!existsSync(module)) {
    console.error(`apt-get finished but ${module} is still missing.`);
    process.exit(1);
  }
}

const ffmpeg = ensureFfmpeg();
if (args.has('--nginx')) ensureNginxRtmp();
if (args.has('--print')) console.log(ffmpeg);
