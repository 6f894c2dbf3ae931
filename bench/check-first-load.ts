// Part of `npm test` (after the production build of the e2e tier): the first-load budget is
// deterministic, so it is checked like a test and fails the run when it is exceeded.
import { FIRST_LOAD_BUDGET_KIB, kib, measureFirstLoad } from './first-load';

const load = measureFirstLoad();
const total = kib(load.gzipBytes);
const within = total <= FIRST_LOAD_BUDGET_KIB;
const biggest = load.initial
  .slice(0, 6)
  .map((chunk) => `  ${kib(chunk.gzipBytes).toFixed(1).padStart(6)} KiB  ${chunk.file}`)
  .join('\n');
const figure = `first load of /studio/: ${load.initial.length} scripts, ${total.toFixed(2)} KiB gzipped (budget ${FIRST_LOAD_BUDGET_KIB} KiB)`;
if (load.preloadedOnly.length > 0 || load.importedOnly.length > 0) {
  console.log(`note: preloaded only ${JSON.stringify(load.preloadedOnly)}, imported only ${JSON.stringify(load.importedOnly)} (both counted)`);
}
if (within) {
  console.log(`ok  ${figure}, headroom ${(FIRST_LOAD_BUDGET_KIB - total).toFixed(2)} KiB\nbiggest:\n${biggest}`);
} else {
  console.error(
    `FAIL ${figure}: ${(total - FIRST_LOAD_BUDGET_KIB).toFixed(1)} KiB over.\nbiggest:\n${biggest}\n` +
      'Move what the first paint of the studio home does not need behind a lazy import (docs/decisions/004 and 023).',
  );
  process.exitCode = 1;
}
