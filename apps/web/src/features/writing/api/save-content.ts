import { ContentDetail, CreateContentBody, type UpdateContentBody } from '@studio/contract/content';
import { apiClient, request } from '../../../lib/api-client';

/** A new article draft with what has been typed so far. */
export function createArticle(channelId: number, body: Omit<CreateContentBody, 'kind'>) {
  return apiClient.post(`/api/channels/${channelId}/contents`, { bodySchema: CreateContentBody, body: { ...body, kind: 'CONTENT_VIEW' }, schema: ContentDetail });
}

/** Saves fields on the version the page last read; a stale version is a 409 CONTENT_VERSION_CONFLICT. */
export function updateContent(channelId: number, contentId: number, body: UpdateContentBody) {
  return request(`/api/channels/${channelId}/contents/${contentId}`, { method: 'PATCH', body, schema: ContentDetail });
}
