import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Start-up: removes what a writer that died left half-written under `root` (its entries and their
 * folders, `depth` levels down): files and folders whose name ends with one of `suffixes` and that
 * nobody has touched for `olderThanMs`. A writer alive on another instance sharing the folder keeps
 * touching its file, so only the abandoned go. Answers how many were removed.
 */
export async function removeAbandoned(root: string, options: { suffixes: string[]; olderThanMs: number; depth: number }): Promise<number> {
  const before = Date.now() - options.olderThanMs;
  let removed = 0;
  const walk = async (dir: string, depth: number): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (options.suffixes.some((suffix) => entry.name.endsWith(suffix))) {
        const touched = await stat(full).then((info) => info.mtimeMs, () => null);
        if (touched !== null && touched < before) {
          await rm(full, { recursive: true, force: true });
          removed += 1;
        }
      } else if (entry.isDirectory() && depth > 1) {
        await walk(full, depth - 1);
      }
    }
  };
  await walk(root, options.depth);
  return removed;
}
