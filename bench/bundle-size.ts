// Budget: the first load of /studio/ carries at most 150 KiB of gzipped JavaScript.
// Reads the built index.html and sums the gzip size of every script it loads up front.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KIB = 150;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
if (!existsSync(path.join(dist, 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first.');
  process.exit(1);
}
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/studio\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '');
const kib = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length / 1024;

const rows = initial.map((file) => ({ file, gzipKiB: Number(kib(file).toFixed(1)) }));
const total = rows.reduce((sum, row) => sum + row.gzipKiB, 0);
const lazy = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js') && !initial.includes(`assets/${file}`));
const lazyTotal = lazy.reduce((sum, file) => sum + kib(`assets/${file}`), 0);

console.table(rows);
console.log(`initial JavaScript: ${total.toFixed(1)} KiB gzipped (budget ${BUDGET_KIB} KiB) — ${total <= BUDGET_KIB ? 'within budget' : 'OVER BUDGET'}`);
console.log(`lazy chunks: ${lazy.length} files, ${lazyTotal.toFixed(1)} KiB gzipped, loaded on demand`);
process.exitCode = total <= BUDGET_KIB ? 0 : 1;
