import { queryOptions } from '@tanstack/react-query';
import { SavedDraft } from '@studio/contract/application';
import { apiClient } from '../../../lib/api-client';
import { applicationKeys } from './application-keys';

export function getDraft(signal?: AbortSignal) {
  return apiClient.get('/api/applications/draft', SavedDraft, { signal });
}

/** The half-filled form kept on the server; always read afresh (another tab or a re-apply copy may have replaced it). */
export function draftQueryOptions() {
  return queryOptions({ queryKey: applicationKeys.draft(), queryFn: ({ signal }) => getDraft(signal), staleTime: 0 });
}
