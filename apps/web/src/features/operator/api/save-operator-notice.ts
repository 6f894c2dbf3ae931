import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { OperatorNotice, OperatorNoticeInput } from '@studio/contract/operator';
import { apiClient } from '../../../lib/api-client';
import { operatorKeys } from './operator-keys';

type NoticeInput = z.input<typeof OperatorNoticeInput>;

export function createOperatorNotice(body: NoticeInput) {
  return apiClient.post('/api/operator/notices', { bodySchema: OperatorNoticeInput, body, schema: OperatorNotice });
}

export function updateOperatorNotice(id: number, body: NoticeInput) {
  return apiClient.put(`/api/operator/notices/${id}`, { bodySchema: OperatorNoticeInput, body, schema: OperatorNotice });
}

/** Creates (no id) or edits a notice; the answer carries the body as the server sanitised it. */
export function useSaveOperatorNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: NoticeInput }) => (id === undefined ? createOperatorNotice(body) : updateOperatorNotice(id, body)),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: operatorKeys.notices() }), queryClient.invalidateQueries({ queryKey: operatorKeys.audit() })]),
  });
}
