import { queryOptions } from '@tanstack/react-query';
import { ContentPreview } from '@studio/contract/content';
import { apiClient } from '../../../lib/api-client';
import { contentKeys } from './content-keys';

export function getContentPreview(channelId: number, contentId: number, signal?: AbortSignal) {
  return apiClient.get(`/api/channels/${channelId}/contents/${contentId}/preview`, ContentPreview, { signal });
}

export function contentPreviewQueryOptions(channelId: number, contentId: number) {
  return queryOptions({
    queryKey: contentKeys.preview(channelId, contentId),
    queryFn: ({ signal }) => getContentPreview(channelId, contentId, signal),
  });
}
