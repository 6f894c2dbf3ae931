import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { operatorKeys } from './operator-keys';

export function deleteOperatorNotice(id: number) {
  return apiClient.delete(`/api/operator/notices/${id}`);
}

export function useDeleteOperatorNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteOperatorNotice(id),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: operatorKeys.notices() }), queryClient.invalidateQueries({ queryKey: operatorKeys.audit() })]),
  });
}
