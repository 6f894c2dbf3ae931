import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { handleError, isUnauthorized } from '../lib/handle-error';

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
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
