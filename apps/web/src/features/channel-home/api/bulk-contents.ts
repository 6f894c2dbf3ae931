import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkContentBody } from '@studio/contract/content';
import { apiClient, schemaOf } from '../../../lib/api-client';
import { channelKeys } from './channel-keys';

/** Loaded when an answer is checked, after the first page (docs/decisions/057). */
const contentSchemas = () => import('@studio/contract/content');

/** One action on the selected rows; the answer says row by row what changed and what failed. */
export function bulkContents(channelId: number, body: BulkContentBody) {
  return apiClient.post(`/api/channels/${channelId}/contents/bulk`, { bodySchema: schemaOf(contentSchemas, 'BulkContentBody'), body, schema: schemaOf(contentSchemas, 'BulkContentAnswer') });
}

/** Whatever the answer, the list is read again (some rows moved, a failed one may have been stale). */
export function useBulkContents(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkContentBody) => bulkContents(channelId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeys.contents(channelId) }),
  });
}
