import { apiClient } from '../../../lib/api-client';

/** Deletes the content at the version the list showed (a newer one is a 409 CONTENT_VERSION_CONFLICT). */
export function deleteContent(channelId: number, contentId: number, version: number): Promise<void> {
  return apiClient.delete(`/api/channels/${channelId}/contents/${contentId}?version=${version}`);
}
