import { apiClient, schemaOf } from '../../../lib/api-client';

/** Loaded when an answer is checked, after the first page (docs/decisions/057). */
const contentSchemas = () => import('@studio/contract/content');

/** A public content (or a draft or reservation, published hidden) becomes HIDDEN. */
export function hideContent(channelId: number, contentId: number, version: number) {
  return apiClient.post(`/api/channels/${channelId}/contents/${contentId}/hide`, { bodySchema: schemaOf(contentSchemas, 'ContentVersionBody'), body: { version }, schema: schemaOf(contentSchemas, 'ContentDetail') });
}
