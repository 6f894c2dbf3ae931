import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, schemaOf } from '../../../lib/api-client';
import { draftQueryOptions } from './get-draft';

/** Loaded when an answer is checked, after the first page (docs/decisions/057). */
const applicationSchemas = () => import('@studio/contract/application');

export function copyApplication(id: number) {
  return apiClient.post(`/api/applications/${id}/copy`, { schema: schemaOf(applicationSchemas, 'SavedDraft') });
}

/** A rejected application becomes the draft the form opens with. */
export function useCopyApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyApplication,
    onSuccess: (saved) => queryClient.setQueryData(draftQueryOptions().queryKey, saved),
  });
}
