import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeAbandoned } from './abandoned-files';

let dir: string | undefined;
afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

describe('removeAbandoned: what a writer that died left half-written', () => {
  it('removes partial files and folders untouched for the given time, and nothing else', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'studio-abandoned-'));
    const make = (name: string, ageMs: number, folder = false) => {
      const full = path.join(dir!, name);
      mkdirSync(path.dirname(full), { recursive: true });
      if (folder) mkdirSync(full);
      else writeFileSync(full, 'x');
      const at = new Date(Date.now() - ageMs);
      utimesSync(full, at, at);
    };
    make('loops/old.mp4.part', 120_000);
    make('loops/fresh.mp4.part', 1_000);
    make('loops/whole.mp4', 120_000);
    make('live/7/segment-00003.ts.tmp', 120_000);
    make('live/7/segment-00002.ts', 120_000);
    make('deep/a/b/old.part', 120_000);
    make('run/x.frames', 120_000, true);

    expect(await removeAbandoned(dir, { suffixes: ['.part', '.tmp', '.frames'], olderThanMs: 60_000, depth: 3 })).toBe(3);
    const left = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir!, path.join(entry.parentPath, entry.name)))
      .sort();
    // Deeper than asked is not looked at.
    expect(left).toEqual(['deep/a/b/old.part', 'live/7/segment-00002.ts', 'loops/fresh.mp4.part', 'loops/whole.mp4']);
  });
});
