import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import type { MediaToolPaths } from './media-tools';

/** What to do when a tool is missing, said the same way by start-up, tests and the install script. */
export const MEDIA_TOOLS_HELP = "install Debian's ffmpeg package, which brings ffprobe (sudo apt-get install ffmpeg; `node scripts/ensure-media-tools.mjs` does it when run as root), or set FFMPEG_PATH and FFPROBE_PATH; prlimit (util-linux) and nice (coreutils), which bound every run, come with every Debian";

const executable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

type Lookup = { env: Record<string, string | undefined>; isExecutable?: (file: string) => boolean };

/** The tool at an explicit path, or the first executable of that name on PATH. */
function locate(name: string, { env, isExecutable = executable }: Lookup): string | null {
  if (name.includes('/')) return isExecutable(name) ? name : null;
  for (const dir of (env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/**
 * The one answer to "which ffmpeg and ffprobe": FFMPEG_PATH / FFPROBE_PATH when set, else Debian's
 * (/usr/bin), else the first on PATH (other systems). Loops (transcode, probe) and lives (HLS
 * remux) run what this answers, through prlimit and nice; `missing` names what could not be found,
 * and start-up stops on it.
 */
export function resolveMediaTools(lookup: Lookup): MediaToolPaths & { missing: string[] } {
  const isExecutable = lookup.isExecutable ?? executable;
  const missing: string[] = [];
  const find = (variable: 'FFMPEG_PATH' | 'FFPROBE_PATH', name: string): string => {
    const configured = lookup.env[variable];
    if (configured) {
      const found = locate(configured, lookup);
      if (!found) missing.push(`${variable}: "${configured}" is not an executable file`);
      return found ?? configured;
    }
    const debian = `/usr/bin/${name}`;
    if (isExecutable(debian)) return debian;
    const found = locate(name, lookup);
    if (!found) missing.push(`${name} was not found (looked at ${debian} and on PATH)`);
    return found ?? debian;
  };
  // What bounds each run (media-tools.ts `boundedCommand`): Debian's, else the first on PATH.
  const system = (name: string): string => {
    const debian = `/usr/bin/${name}`;
    if (isExecutable(debian)) return debian;
    const found = locate(name, lookup);
    if (!found) missing.push(`${name} was not found (looked at ${debian} and on PATH)`);
    return found ?? debian;
  };
  return { ffmpeg: find('FFMPEG_PATH', 'ffmpeg'), ffprobe: find('FFPROBE_PATH', 'ffprobe'), prlimit: system('prlimit'), nice: system('nice'), missing };
}
