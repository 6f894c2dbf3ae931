import { useMutation } from '@tanstack/react-query';
import { UploadedImage } from '@studio/contract/application';
import { request } from '../../../lib/api-client';

/** An image of several megabytes needs longer than the 5 s of a JSON call (decision 018). */
const UPLOAD_TIMEOUT_MS = 30_000;

export type ChannelImageKind = 'image' | 'banner';

/** Stores the channel's profile image or banner (checked, cropped and re-encoded by the server); saving the profile puts it in use. */
export function uploadChannelImage(channelId: number, kind: ChannelImageKind, file: File): Promise<UploadedImage> {
  const form = new FormData();
  form.append('file', file);
  return request(`/api/channels/${channelId}/profile/${kind}`, { method: 'POST', body: form, schema: UploadedImage, timeoutMs: UPLOAD_TIMEOUT_MS });
}

/** Failures go to the shared handler (a toast with the server's reason: not an image, too large). */
export function useUploadChannelImage(channelId: number, kind: ChannelImageKind) {
  return useMutation({ mutationFn: (file: File) => uploadChannelImage(channelId, kind, file) });
}
