import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApproveResult, OperatorApplication, RejectApplicationBody } from '@studio/contract/application';
import { apiClient } from '../../../lib/api-client';
import { applicationKeys } from './application-keys';

export function startReview(id: number) {
  return apiClient.post(`/api/operator/applications/${id}/review`, { schema: OperatorApplication });
}

export function approveApplication(id: number) {
  return apiClient.post(`/api/operator/applications/${id}/approve`, { schema: ApproveResult });
}

export function rejectApplication(id: number, reason: string) {
  return apiClient.post(`/api/operator/applications/${id}/reject`, { bodySchema: RejectApplicationBody, body: { reason }, schema: OperatorApplication });
}

export type Decision = { kind: 'review' } | { kind: 'approve' } | { kind: 'reject'; reason: string };

async function decide(id: number, decision: Decision): Promise<OperatorApplication> {
  switch (decision.kind) {
    case 'review':
      return startReview(id);
    case 'approve':
      return (await approveApplication(id)).application;
    case 'reject':
      return rejectApplication(id, decision.reason);
  }
}

/**
 * One operator's decision. Whether it won or another operator was first
 * (409 APPLICATION_STATE_CHANGED, toasted by the shared handler), the queue
 * is read again so it shows what is true now.
 */
export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: Decision }) => decide(id, decision),
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKeys.queueAll() }),
  });
}
