import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No zod before the first page is usable (docs/decisions/057): the shell and the three routes whose
 * first load has a budget (issue 25 point 5) reach zod through no static import. A schema module of the
 * contract is imported there as a type only (`schemaOf(() => import(...))` loads it later); values come
 * from the contract's zod-free halves. The e2e first-load test counts the bytes; this names the import
 * that would bring zod back, before any build.
 */
const src = fileURLToPath(new URL('../', import.meta.url));
const contract = resolve(src, '../../../packages/contract/src');

const entries = ['main.tsx', 'app/routes/home.tsx', 'app/routes/channel-management.tsx', 'app/routes/channel-home.tsx'];

/** The specifiers a module imports or re-exports as values, statically (`import type`, `import()` left out). */
export function staticValueImports(source: string): string[] {
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+([^'";]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
  for (const match of source.matchAll(statement)) {
    const sideEffectOnly = match[4];
    if (sideEffectOnly) {
      found.push(sideEffectOnly);
      continue;
    }
    const clause = (match[2] ?? '').trim();
    const specifier = match[3] ?? '';
    if (clause.startsWith('type ')) continue;
    // `{ type A, type B }`: every name a type, nothing of the module is kept.
    const braces = /^\{([^}]*)\}$/.exec(clause);
    if (braces) {
      const names = (braces[1] ?? '').split(',').map((name) => name.trim()).filter(Boolean);
      if (names.length > 0 && names.every((name) => name.startsWith('type '))) continue;
    }
    found.push(specifier);
  }
  return found;
}

function resolveModule(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@studio/contract/')) base = join(contract, specifier.slice('@studio/contract/'.length));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every package and every source file reached from `entry` through static value imports, each with the chain of files that reaches it. */
export function modulesReached(entry: string): { packages: Map<string, string[]>; files: Map<string, string[]> } {
  const packages = new Map<string, string[]>();
  const files = new Map<string, string[]>();
  const walk = (file: string, chain: string[]) => {
    const name = relative(src, file);
    if (files.has(name)) return;
    const here = [...chain, name];
    files.set(name, here);
    for (const specifier of staticValueImports(readFileSync(file, 'utf8'))) {
      if (/\.(css|svg|png|json)$/.test(specifier)) continue;
      const next = resolveModule(file, specifier);
      if (next) walk(next, here);
      else if (!specifier.startsWith('.') && !specifier.startsWith('@studio/')) {
        const pkg = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : (specifier.split('/')[0] ?? specifier);
        if (!packages.has(pkg)) packages.set(pkg, [...here, specifier]);
      }
    }
  };
  walk(join(src, entry), []);
  return { packages, files };
}

/** Every package reached from `entry` through static value imports, with the chain of files that reaches it. */
export function packagesReached(entry: string): Map<string, string[]> {
  return modulesReached(entry).packages;
}

describe('the first load', () => {
  it('reads imports the way the bundler keeps them', () => {
    const source = [
      "import type { A } from './a';",
      "import { type B, type C } from './b';",
      "import { type D, e } from './d';",
      "import f from 'f';",
      "import './side-effect';",
      "export { g } from './g';",
      "export type { H } from './h';",
      "const later = () => import('./later');",
    ].join('\n');
    expect(staticValueImports(source)).toEqual(['./d', 'f', './side-effect', './g']);
  });

  it.each(entries)('of %s reaches zod through no static import', (entry) => {
    const reached = packagesReached(entry);
    // The walk really follows the code: React and the router are reached from every entry.
    expect(reached.has('react')).toBe(true);
    expect(reached.get('zod')?.join(' → ') ?? null).toBeNull();
  });

  // English would otherwise carry Korean's error texts on top of its own, and Korean the English
  // catalogue: only the active locale's messages load, its error texts after the first page (lib/i18n/i18n.ts).
  it.each(entries)('of %s reaches no error-code texts and no English catalogue through a static import', (entry) => {
    const { files } = modulesReached(entry);
    expect(files.has('lib/i18n/i18n.ts')).toBe(true);
    const late = [...files.entries()].filter(([file]) => /(^|\/)(error-codes\.(ko|en)|messages\.en|error-catalogue)\.ts$/.test(file));
    expect(late.map(([, chain]) => chain.join(' → '))).toEqual([]);
  });
});
