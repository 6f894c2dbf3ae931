type Throttled<A extends unknown[]> = ((...args: A) => void) & { cancel: () => void };

/**
 * Calls `fn` at once, then at most once per `waitMs`; the last call inside a
 * window is delivered when the window ends, so the final state is never lost.
 */
export function throttle<A extends unknown[]>(fn: (...args: A) => void, waitMs: number): Throttled<A> {
  let lastRun = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;

  const run = (args: A) => {
    lastRun = Date.now();
    fn(...args);
  };

  const throttled = (...args: A) => {
    const remaining = waitMs - (Date.now() - lastRun);
    if (remaining <= 0 && timer === undefined) {
      run(args);
      return;
    }
    pending = args;
    timer ??= setTimeout(
      () => {
        timer = undefined;
        const next = pending;
        pending = undefined;
        if (next) run(next);
      },
      Math.max(remaining, 0),
    );
  };

  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  return throttled;
}
