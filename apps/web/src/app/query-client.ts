import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleError, isUnauthorized } from '../lib/handle-error';

/**
 * How long fetched data counts as fresh. A route's loader reads what its page
 * shows (ensureQueryData) and the page mounts a moment later: within this time
 * the page uses that answer instead of asking the server again. Short on
 * purpose, so a page opened again a little later still revalidates. It does not
 * delay changes: invalidateQueries (after a mutation, on a notification event)
 * refetches at once whatever the staleTime, and polled queries keep their
 * refetchInterval. A query that must ask again on every mount (me: how a lost
 * session is noticed) sets staleTime 0 itself.
 */
export const FRESH_AFTER_FETCH_MS = 5_000;

/** The defaults the app runs with; tests build their clients from them too. */
export const queryDefaults = {
  queries: { retry: false, refetchOnWindowFocus: false, staleTime: FRESH_AFTER_FETCH_MS },
  mutations: { retry: false },
} as const;

/**
 * Spec: no retries, no refetch on focus; every mutation error goes through
 * the shared handler; a query only does when the session has ended (its
 * other failures are shown inline where the data was wanted).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) handleError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => handleError(error),
    }),
    defaultOptions: { queries: { ...queryDefaults.queries }, mutations: { ...queryDefaults.mutations } },
  });
}
