import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SavedDraft } from '@studio/contract/application';
import { apiClient } from '../../../lib/api-client';
import { draftQueryOptions } from './get-draft';

export function copyApplication(id: number) {
  return apiClient.post(`/api/applications/${id}/copy`, { schema: SavedDraft });
}

/** A rejected application becomes the draft the form opens with. */
export function useCopyApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyApplication,
    onSuccess: (saved) => queryClient.setQueryData(draftQueryOptions().queryKey, saved),
  });
}
