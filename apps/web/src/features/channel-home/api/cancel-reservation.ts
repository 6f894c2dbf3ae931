import { ContentDetail, ContentVersionBody } from '@studio/contract/content';
import { apiClient } from '../../../lib/api-client';

/** A reservation is called off; the content goes back to being a draft. */
export function cancelReservation(channelId: number, contentId: number, version: number) {
  return apiClient.post(`/api/channels/${channelId}/contents/${contentId}/cancel-reservation`, {
    bodySchema: ContentVersionBody,
    body: { version },
    schema: ContentDetail,
  });
}
