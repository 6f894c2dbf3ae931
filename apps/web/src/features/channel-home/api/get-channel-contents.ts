import { queryOptions } from '@tanstack/react-query';
import { ContentPage } from '@studio/contract/content';
import { apiClient } from '../../../lib/api-client';
import { type ContentListParams, contentListQuery } from '../hooks/use-content-filters';
import { channelKeys } from './channel-keys';

export function getChannelContents(channelId: number, params: ContentListParams, signal?: AbortSignal) {
  return apiClient.get(`/api/channels/${channelId}/contents`, ContentPage, { query: contentListQuery(params), signal });
}

export function channelContentsQueryOptions(channelId: number, params: ContentListParams) {
  return queryOptions({
    queryKey: channelKeys.contentList(channelId, params),
    queryFn: ({ signal }) => getChannelContents(channelId, params, signal),
  });
}
