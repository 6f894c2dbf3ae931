import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reapLeftoverTools, recordToolsIn, spawnTool, startTimeOf } from './tool-processes';

/** Real processes (sleep), real /proc: the registry of tools and the start-up reaping of those left over. */

let dir: string;
const started: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'studio-tools-'));
});

afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const sleeper = () => {
  const child = spawn('sleep', ['60'], { stdio: 'ignore', detached: true });
  started.push(child);
  return child;
};
const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

/** A pid that ran and has ended (its start time no longer answers). */
async function deadPid(): Promise<number> {
  const child = spawn('true', [], { stdio: 'ignore' });
  await exited(child);
  return child.pid!;
}

describe('tools bound to the server that started them', () => {
  it('are written down while they run and struck off when they end (the kill -9 itself: test/hardening/crash-mid-transcode.test.ts)', async () => {
    recordToolsIn(dir);
    const child = spawnTool('sleep', ['60'], { stdio: 'ignore' });
    started.push(child);
    expect(readdirSync(dir)).toEqual([`${child.pid}.json`]);
    // setpriv arms the signal, then becomes the tool (same pid, the tool's own command line).
    for (let i = 0; i < 100 && readProcName(child.pid!) !== 'sleep'; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(readProcName(child.pid!)).toBe('sleep');
    child.kill('SIGKILL');
    await exited(child);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('left running by a server that is gone are killed at start-up; those of a live server, and reused pids, are not', async () => {
    const orphan = sleeper();
    const ours = sleeper();
    const reused = sleeper();
    const gone = await deadPid();
    const entry = (pid: number, start: string | null, parent: number, parentStart: string | null) => writeFileSync(path.join(dir, `${pid}.json`), JSON.stringify({ pid, start, parent, parentStart }));
    entry(orphan.pid!, startTimeOf(orphan.pid!), gone, '1');
    entry(ours.pid!, startTimeOf(ours.pid!), process.pid, startTimeOf(process.pid));
    // The pid now belongs to another process than the one written down: never killed.
    entry(reused.pid!, '1', gone, '1');

    expect(reapLeftoverTools(dir)).toBe(1);
    await exited(orphan);
    expect(orphan.signalCode).toBe('SIGKILL');
    expect(ours.exitCode === null && ours.signalCode === null).toBe(true);
    expect(reused.exitCode === null && reused.signalCode === null).toBe(true);
    expect(readdirSync(dir)).toEqual([`${ours.pid}.json`]);
    expect(existsSync(path.join(dir, `${reused.pid}.json`))).toBe(false);
  });
});

function readProcName(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}
