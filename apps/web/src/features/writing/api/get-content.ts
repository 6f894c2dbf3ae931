import { queryOptions } from '@tanstack/react-query';
import { type ContentDetail as ContentDetailType, ContentDetail } from '@studio/contract/content';
import { apiClient } from '../../../lib/api-client';
import { contentKeys } from './content-keys';

export function getContent(channelId: number, contentId: number, signal?: AbortSignal): Promise<ContentDetailType> {
  return apiClient.get(`/api/channels/${channelId}/contents/${contentId}`, ContentDetail, { signal });
}

export function contentQueryOptions(channelId: number, contentId: number) {
  return queryOptions({
    queryKey: contentKeys.detail(channelId, contentId),
    queryFn: ({ signal }) => getContent(channelId, contentId, signal),
    // The editor decides when to read again (after a conflict); a background refetch must not replace what is being typed.
    staleTime: Infinity,
  });
}
