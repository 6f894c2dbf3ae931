import { ContentDetail, ContentVersionBody } from '@studio/contract/content';
import { apiClient } from '../../../lib/api-client';

/** A hidden content becomes PUBLIC again. */
export function unhideContent(channelId: number, contentId: number, version: number) {
  return apiClient.post(`/api/channels/${channelId}/contents/${contentId}/unhide`, { bodySchema: ContentVersionBody, body: { version }, schema: ContentDetail });
}
