import { queryOptions } from '@tanstack/react-query';
import type { Me } from '@studio/contract/user';
import { apiClient, schemaOf } from '../../../lib/api-client';

export function getMe(signal?: AbortSignal): Promise<Me> {
  return apiClient.get('/api/me', schemaOf(() => import('@studio/contract/user'), 'Me'), { signal });
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => getMe(signal),
    // Always revalidated when a page mounts: it is how a lost session is noticed on navigation.
    staleTime: 0,
  });
}
