import { queryOptions } from '@tanstack/react-query';
import { apiClient, schemaOf } from '../../../lib/api-client';
import { type ContentListParams, contentListQuery } from '../hooks/use-content-filters';
import { channelKeys } from './channel-keys';

/** Loaded when an answer is checked, after the first page (docs/decisions/057). */
const contentSchemas = () => import('@studio/contract/content');

export function getChannelContents(channelId: number, params: ContentListParams, signal?: AbortSignal) {
  return apiClient.get(`/api/channels/${channelId}/contents`, schemaOf(contentSchemas, 'ContentPage'), { query: contentListQuery(params), signal });
}

export function channelContentsQueryOptions(channelId: number, params: ContentListParams) {
  return queryOptions({
    queryKey: channelKeys.contentList(channelId, params),
    queryFn: ({ signal }) => getChannelContents(channelId, params, signal),
  });
}
