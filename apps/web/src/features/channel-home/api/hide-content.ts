import { ContentDetail, ContentVersionBody } from '@studio/contract/content';
import { apiClient } from '../../../lib/api-client';

/** A public content (or a draft or reservation, published hidden) becomes HIDDEN. */
export function hideContent(channelId: number, contentId: number, version: number) {
  return apiClient.post(`/api/channels/${channelId}/contents/${contentId}/hide`, { bodySchema: ContentVersionBody, body: { version }, schema: ContentDetail });
}
