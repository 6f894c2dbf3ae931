import { apiClient, schemaOf } from '../../../lib/api-client';

/** Loaded when an answer is checked, after the first page (docs/decisions/057). */
const contentSchemas = () => import('@studio/contract/content');

/** A hidden content becomes PUBLIC again. */
export function unhideContent(channelId: number, contentId: number, version: number) {
  return apiClient.post(`/api/channels/${channelId}/contents/${contentId}/unhide`, { bodySchema: schemaOf(contentSchemas, 'ContentVersionBody'), body: { version }, schema: schemaOf(contentSchemas, 'ContentDetail') });
}
