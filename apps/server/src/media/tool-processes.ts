import { spawn, type ChildProcess, type ChildProcessByStdio, type ChildProcessWithoutNullStreams, type SpawnOptions, type SpawnOptionsWithStdioTuple, type StdioNull, type StdioPipe } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * The tools the server starts (ffmpeg, ffprobe) never outlive it, however it ends:
 * - each runs under `setpriv --pdeathsig KILL` (util-linux, on every Debian), so the kernel kills it
 *   when the server dies, even by SIGKILL, which no handler of ours can catch;
 * - each leads a process group of its own, killed whole when the server exits;
 * - each is written down under `$DATA_DIR/run/tools` while it runs, and start-up kills any left there
 *   whose server is gone (a tool started in the instant before its parent died, before setpriv
 *   armed the signal), so nothing runs away unseen.
 */

/** Where setpriv is, found once; null where there is none (not Linux): tools then run as they are. */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((candidate) => existsSync(candidate)) ?? null;

/**
 * The command line that has the kernel kill the tool when its parent dies. Strictly, when the thread
 * that started it ends: the server starts tools from its main thread only (a worker thread that did
 * would take its tools along when it ends).
 */
export function underParentDeathSignal(command: string, args: string[]): { command: string; args: string[] } {
  return SETPRIV ? { command: SETPRIV, args: ['--pdeathsig', 'KILL', '--', command, ...args] } : { command, args };
}

/** When a process started, in clock ticks since boot (Linux): a pid reused by another process has another. */
export function startTimeOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses); the start time is field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // A zombie has ended; only its parent's wait is missing.
    if (fields[0] === 'Z') return null;
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

type Entry = { pid: number; start: string; parent: number; parentStart: string };

const running = new Map<number, string | null>();
let registryDir: string | null = null;
let exitHooked = false;

/** Records tools in `dir` from now on (`$DATA_DIR/run/tools`; the last server built in a process decides). */
export function recordToolsIn(dir: string): void {
  mkdirSync(dir, { recursive: true });
  registryDir = dir;
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}

/** `spawn`, with the tool bound to this process's life (see above). */
export function spawnTool(command: string, args: string[], options: SpawnOptionsWithStdioTuple<StdioPipe, StdioPipe, StdioPipe>): ChildProcessWithoutNullStreams;
export function spawnTool(command: string, args: string[], options: SpawnOptionsWithStdioTuple<StdioNull, StdioPipe, StdioPipe>): ChildProcessByStdio<null, Readable, Readable>;
export function spawnTool(command: string, args: string[], options: SpawnOptions): ChildProcess;
export function spawnTool(command: string, args: string[], options: SpawnOptions): ChildProcess {
  const launched = underParentDeathSignal(command, args);
  const child = spawn(launched.command, launched.args, { ...options, detached: true });
  const pid = child.pid;
  if (pid === undefined) return child; // it failed to start: 'error' follows
  if (!exitHooked) {
    exitHooked = true;
    // Synchronous, as 'exit' requires: whatever ends the process in an orderly way takes its tools along.
    process.on('exit', () => {
      for (const pid of running.keys()) killGroup(pid);
    });
  }
  let file: string | null = null;
  const start = startTimeOf(pid);
  const parentStart = startTimeOf(process.pid);
  if (registryDir && start && parentStart) {
    file = path.join(registryDir, `${pid}.json`);
    const entry: Entry = { pid, start, parent: process.pid, parentStart };
    try {
      writeFileSync(file, JSON.stringify(entry));
    } catch {
      file = null; // the kernel's signal still holds; only the start-up check is lost
    }
  }
  running.set(pid, file);
  child.once('exit', () => {
    running.delete(pid);
    if (file) rmSync(file, { force: true });
  });
  return child;
}

/**
 * Start-up: tools recorded in `dir` whose server is gone are killed (only if they are still the same
 * process, never a pid reused since), and their records removed. Tools of a live server sharing the
 * folder are left alone. Answers how many were killed.
 */
export function reapLeftoverTools(dir: string): number {
  let killed = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    let entry: Entry;
    try {
      entry = JSON.parse(readFileSync(file, 'utf8')) as Entry;
    } catch {
      rmSync(file, { force: true });
      continue;
    }
    const parentAlive = startTimeOf(entry.parent) === entry.parentStart;
    if (parentAlive) continue;
    if (startTimeOf(entry.pid) === entry.start) {
      killGroup(entry.pid);
      killed += 1;
    }
    rmSync(file, { force: true });
  }
  return killed;
}
