import { apiClient, schemaOf } from '../../../lib/api-client';

/** Loaded when an answer is checked, after the first page (docs/decisions/057). */
const contentSchemas = () => import('@studio/contract/content');

/** A reservation is called off; the content goes back to being a draft. */
export function cancelReservation(channelId: number, contentId: number, version: number) {
  return apiClient.post(`/api/channels/${channelId}/contents/${contentId}/cancel-reservation`, {
    bodySchema: schemaOf(contentSchemas, 'ContentVersionBody'),
    body: { version },
    schema: schemaOf(contentSchemas, 'ContentDetail'),
  });
}
