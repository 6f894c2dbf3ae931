// Budget: the first load of /studio/ carries at most 150 KiB of gzipped JavaScript.
// Prints every chunk the first load fetches (bench/first-load.ts says which) and the lazy rest.
import { FIRST_LOAD_BUDGET_KIB, kib, measureFirstLoad } from './first-load';

let load;
try {
  load = measureFirstLoad();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const total = kib(load.gzipBytes);
console.table(
  load.initial.map((chunk) => ({
    file: chunk.file,
    KiB: Number(kib(chunk.bytes).toFixed(1)),
    gzipKiB: Number(kib(chunk.gzipBytes).toFixed(1)),
    brotliKiB: chunk.brotliBytes === undefined ? '-' : Number(kib(chunk.brotliBytes).toFixed(1)),
  })),
);
const brotli = load.initial.reduce((sum, chunk) => sum + (chunk.brotliBytes ?? chunk.gzipBytes), 0);
const lazyTotal = load.lazy.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
console.log(
  `initial JavaScript: ${total.toFixed(2)} KiB gzipped (budget ${FIRST_LOAD_BUDGET_KIB} KiB, headroom ${(FIRST_LOAD_BUDGET_KIB - total).toFixed(2)} KiB) — ${total <= FIRST_LOAD_BUDGET_KIB ? 'within budget' : 'OVER BUDGET'}`,
);
console.log(`as served (brotli): ${kib(brotli).toFixed(1)} KiB`);
console.log(`lazy chunks: ${load.lazy.length} files, ${kib(lazyTotal).toFixed(1)} KiB gzipped, loaded on demand`);
process.exitCode = total <= FIRST_LOAD_BUDGET_KIB ? 0 : 1;
