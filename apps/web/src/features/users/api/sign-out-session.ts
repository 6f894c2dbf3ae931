import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { mySessionsQueryOptions } from './get-my-sessions';

/** Signs one of the person's sessions out; one already gone answers 404 (the shared handler's toast), and the list refreshes either way. */
export function signOutSession(id: number): Promise<void> {
  return apiClient.delete(`/api/me/sessions/${id}`);
}

export function useSignOutSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mySessionsQueryOptions().queryKey }),
  });
}
