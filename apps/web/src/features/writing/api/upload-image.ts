import { ContentImage } from '@studio/contract/content';
import { request } from '../../../lib/api-client';

/** Images of several megabytes need longer than the 5 s of a JSON call over a slow connection (decision 018). */
export const UPLOAD_TIMEOUT_MS = 30_000;

/** Stores an image for the channel's contents (checked, resized and re-encoded by the server) and gives its id and address. */
export function uploadContentImage(channelId: number, file: File) {
  const form = new FormData();
  form.append('file', file);
  return request(`/api/channels/${channelId}/contents/images`, { method: 'POST', body: form, schema: ContentImage, timeoutMs: UPLOAD_TIMEOUT_MS });
}
