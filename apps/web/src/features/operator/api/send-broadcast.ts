import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { OperatorBroadcastInput, OperatorBroadcastQueued } from '@studio/contract/operator';
import { apiClient } from '../../../lib/api-client';
import { operatorKeys } from './operator-keys';

type BroadcastInput = z.input<typeof OperatorBroadcastInput>;

/** Answers as soon as the broadcast is queued; a job writes the notifications. */
export function sendBroadcast(body: BroadcastInput) {
  return apiClient.post('/api/operator/notifications/broadcast', { bodySchema: OperatorBroadcastInput, body, schema: OperatorBroadcastQueued });
}

export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BroadcastInput) => sendBroadcast(body),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: operatorKeys.broadcasts() }), queryClient.invalidateQueries({ queryKey: operatorKeys.audit() })]),
  });
}
