// Live broadcasting needs ffmpeg (HLS remux, the demo encoder); the test tier also runs nginx with
// Debian's RTMP module (the production ingest). Use the system's, install it with apt-get when missing
// and we may (root), and otherwise fall back to the ffmpeg binary shipped by @ffmpeg-installer (npm).
//
//   node scripts/ensure-media-tools.mjs           ffmpeg only (npm start)
//   node scripts/ensure-media-tools.mjs --nginx   ffmpeg, nginx and libnginx-mod-rtmp (tests)
//   node scripts/ensure-media-tools.mjs --print   print the ffmpeg path the server will use
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const args = new Set(process.argv.slice(2));
const isRoot = process.getuid?.() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const say = (message) => {
  if (!args.has('--print')) console.log(`[media-tools] ${message}`);
};

let updated = false;
function aptInstall(packages) {
  if (!updated) execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  updated = true;
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], { stdio: 'inherit', env });
}

function npmFfmpeg() {
  try {
    return createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg').path;
  } catch {
    return null;
  }
}

/** The ffmpeg the server uses: FFMPEG_PATH, the system's, apt's, or the npm fallback. */
export function resolveFfmpeg() {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  if (existsSync('/usr/bin/ffmpeg')) return '/usr/bin/ffmpeg';
  if (isRoot && hasApt) {
    say('ffmpeg is missing: installing the Debian package ffmpeg with apt-get…');
    try {
      aptInstall(['ffmpeg']);
      if (existsSync('/usr/bin/ffmpeg')) return '/usr/bin/ffmpeg';
    } catch (error) {
      say(`apt-get could not install ffmpeg (${error.message}); trying the npm build`);
    }
  }
  const shipped = npmFfmpeg();
  if (shipped && existsSync(shipped)) {
    say(`using the ffmpeg shipped by @ffmpeg-installer/ffmpeg (${shipped})`);
    return shipped;
  }
  console.error('ffmpeg is needed for live broadcasting and was not found. Install it (sudo apt-get install ffmpeg) or set FFMPEG_PATH.');
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

const ffmpeg = resolveFfmpeg();
if (args.has('--nginx')) ensureNginxRtmp();
if (args.has('--print')) console.log(ffmpeg);
