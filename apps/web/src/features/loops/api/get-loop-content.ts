import { queryOptions } from '@tanstack/react-query';
import { ContentDetail } from '@studio/contract/content';
import { apiClient } from '../../../lib/api-client';
import { loopKeys } from './loop-keys';

/** The content a published loop became: its status and reservation, as the channel home shows them. */
export function loopContentQueryOptions(channelId: number, contentId: number) {
  return queryOptions({
    queryKey: loopKeys.content(channelId, contentId),
    queryFn: ({ signal }) => apiClient.get(`/api/channels/${channelId}/contents/${contentId}`, ContentDetail, { signal }),
  });
}
