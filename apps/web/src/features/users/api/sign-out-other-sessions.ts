import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SessionsSignedOut, SessionsSignedOut as SessionsSignedOutSchema } from '@studio/contract/session';
import { apiClient } from '../../../lib/api-client';
import { mySessionsQueryOptions } from './get-my-sessions';

export function signOutOtherSessions(): Promise<SessionsSignedOut> {
  return apiClient.delete('/api/me/sessions', { schema: SessionsSignedOutSchema });
}

export function useSignOutOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mySessionsQueryOptions().queryKey }),
  });
}
