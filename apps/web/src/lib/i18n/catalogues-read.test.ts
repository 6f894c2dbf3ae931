import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every text in a catalogue is one the studio shows: a key nothing reads is a text that drifted away
 * from the screen (the timeout text once lived in the catalogue while another copy was shown). A key
 * counts as read when the source names it in quotes, or builds it from a template whose fixed head
 * it starts with (`status.${status}`).
 */
const src = fileURLToPath(new URL('../../', import.meta.url));
const walk = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
const sources = walk(src).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('/testing/'));
const catalogues = sources.filter((file) => /\/(messages|[\w-]+-messages)\.ts$/.test(file) || /\/lib\/i18n\/(messages|pages)\.ko\.ts$/.test(file));
const text = new Map(sources.map((file) => [file, readFileSync(file, 'utf8')]));
const readers = sources.filter((file) => !catalogues.includes(file) && !/\.(en|ko)\.ts$/.test(file)).map((file) => text.get(file) ?? '').join('\n');
const templateHeads = [...[...text.values()].join('\n').matchAll(/`([^`$]+)\$\{/g)].map((match) => match[1] ?? '').filter(Boolean);

/** The keys of a catalogue's Korean half (the English half must match it: catalogueProblems checks that). */
function koreanKeys(source: string): string[] {
  const korean = source.split(/\nconst en\b|\n {2}en:/)[0] ?? '';
  return [...korean.matchAll(/^\s*'([\w.-]+)':/gm)].map((match) => match[1] ?? '');
}

const isRead = (key: string) =>
  readers.includes(`'${key}'`) || readers.includes(`"${key}"`) || readers.includes(`\`${key}\``) || templateHeads.some((head) => key.startsWith(head));

describe('the catalogues', () => {
  it('are found (the test reads real files)', () => {
    expect(catalogues.length).toBeGreaterThan(10);
    expect(catalogues.map((file) => relative(src, file))).toContain('features/lives/messages.ts');
  });

  it('hold no text that nothing reads', () => {
    const unread = catalogues.flatMap((file) => koreanKeys(text.get(file) ?? '').filter((key) => !isRead(key)).map((key) => `${relative(src, file)}: ${key}`));
    expect(unread).toEqual([]);
  });
});
