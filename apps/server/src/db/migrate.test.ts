import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from './migrate';

describe('the migration list', () => {
  it('names every file of migrations/ under its own name, and nothing else', () => {
    // A migration file missing from the list never runs: its tables are absent in every database.
    const files = readdirSync(path.join(import.meta.dirname, 'migrations'))
      .filter((name) => /^\d{4}-.+\.ts$/.test(name) && !name.endsWith('.test.ts'))
      .map((name) => name.replace(/\.ts$/, ''))
      .sort();
    expect(Object.keys(migrations).sort()).toEqual(files);
  });
});
