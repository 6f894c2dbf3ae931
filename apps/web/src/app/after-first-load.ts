import type { QueryClient } from '@tanstack/react-query';
import type { createBrowserRouter } from 'react-router';
import { onLateInvalidAnswer, startAnswerChecks } from '../lib/api-client';
import { loadErrorTexts } from '../lib/i18n/i18n';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * How long nothing may have arrived (no script, answer or image) before the first page counts as
 * drawn: a route's lazy parts (a callout, a panel) load between its queries, when nothing fetches.
 * What waits on it is not urgent (the answers are on screen already), so the wait is generous.
 */
const QUIET_MS = 1_000;

/**
 * The first page is usable once the router has its route module and data (`initialized`, no
 * navigation under way), no query is fetching, the browser has found idle time (React renders a
 * route in a transition, in slices, and has committed it when the main thread first goes idle)
 * and nothing has arrived over the network for QUIET_MS. Only then does the studio load what it did
 * not need to draw the page: the schemas that check the answers (docs/decisions/057) and the texts
 * of the error codes in the page's language (lib/i18n/i18n.ts). Whatever
 * starts fetching in between puts the wait back.
 */
export function afterFirstLoad(router: Router, queryClient: QueryClient, run: () => void): void {
  let done = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastArrival = performance.now();
  const whenIdle = (callback: () => void) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(callback) : window.setTimeout(callback, 1);
  const cancelIdle = (handle: number) => (typeof cancelIdleCallback === 'function' ? cancelIdleCallback(handle) : window.clearTimeout(handle));
  const busy = () => !router.state.initialized || router.state.navigation.state !== 'idle' || queryClient.isFetching() > 0;

  const settle = () => {
    if (idle !== undefined) cancelIdle(idle);
    clearTimeout(timer);
    if (done || busy()) return;
    idle = whenIdle(() => {
      idle = undefined;
      if (done || busy()) return;
      const quietFor = performance.now() - lastArrival;
      if (quietFor < QUIET_MS) {
        timer = setTimeout(settle, QUIET_MS - quietFor);
        return;
      }
      done = true;
      stopRouter();
      stopQueries();
      resources?.disconnect();
      run();
    });
  };
  const resources =
    typeof PerformanceObserver === 'undefined'
      ? undefined
      : new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lastArrival = Math.max(lastArrival, entry.startTime + entry.duration);
          settle();
        });
  resources?.observe({ type: 'resource', buffered: true });
  const stopRouter = router.subscribe(settle);
  const stopQueries = queryClient.getQueryCache().subscribe(settle);
  settle();
}

/**
 * Once the first page is usable: checks its answers (one that fails drops every query, so the page
 * refetches and shows the error) and loads the error texts, so that the first failure is worded at once.
 */
export function finishAfterFirstLoad(router: Router, queryClient: QueryClient): void {
  onLateInvalidAnswer(() => void queryClient.resetQueries());
  afterFirstLoad(router, queryClient, () => {
    startAnswerChecks();
    void loadErrorTexts();
  });
}
