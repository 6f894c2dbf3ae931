/** What the tests that feed a port hostile input share: repeatable randomness and a watch on the process. */

/** mulberry32: small, seedable, good enough to pick bytes; the same seed gives the same cases on every run. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (below: number) => Math.floor(next() * below);
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[int(items.length)]!,
    bytes: (length: number) => Buffer.from(Array.from({ length }, () => int(256))),
  };
}

/**
 * Records every error that reaches the process (an uncaught exception, an unhandled rejection) from
 * `start()` to `stop()`. vitest reports those as errors of the run but passes the test that caused
 * them, so a test about surviving input asserts `errors` is empty itself.
 */
export function watchProcessErrors() {
  const errors: string[] = [];
  const record = (error: unknown) => void errors.push(error instanceof Error ? (error.stack ?? error.message) : String(error));
  return {
    errors,
    start() {
      process.on('uncaughtException', record);
      process.on('unhandledRejection', record);
    },
    stop() {
      process.off('uncaughtException', record);
      process.off('unhandledRejection', record);
    },
  };
}
