import { queryOptions } from '@tanstack/react-query';
import { type MySession, MySessionList } from '@studio/contract/session';
import { apiClient } from '../../../lib/api-client';

export function getMySessions(signal?: AbortSignal): Promise<MySession[]> {
  return apiClient.get('/api/me/sessions', MySessionList, { signal });
}

export function mySessionsQueryOptions() {
  return queryOptions({ queryKey: ['me', 'sessions'], queryFn: ({ signal }) => getMySessions(signal) });
}
