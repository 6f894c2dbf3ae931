import { queryOptions } from '@tanstack/react-query';
import { apiClient, schemaOf } from '../../../lib/api-client';
import { applicationKeys } from './application-keys';

/** Loaded when an answer is checked, after the first page (docs/decisions/057). */
const applicationSchemas = () => import('@studio/contract/application');

export function getDraft(signal?: AbortSignal) {
  return apiClient.get('/api/applications/draft', schemaOf(applicationSchemas, 'SavedDraft'), { signal });
}

/** The half-filled form kept on the server; always read afresh (another tab or a re-apply copy may have replaced it). */
export function draftQueryOptions() {
  return queryOptions({ queryKey: applicationKeys.draft(), queryFn: ({ signal }) => getDraft(signal), staleTime: 0 });
}
