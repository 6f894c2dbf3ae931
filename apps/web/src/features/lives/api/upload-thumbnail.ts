import { useMutation, useQueryClient } from '@tanstack/react-query';
import { livePaths, LiveThumbnail } from '@studio/contract/live';
import { request } from '../../../lib/api-client';
import { liveKeys } from './live-keys';
import { asResult } from '../../../lib/result';

/** An image travels longer than the 5 s a JSON call gets. */
const UPLOAD_TIMEOUT_MS = 60_000;

/** Spec section 7: `POST /lives/{liveId}/thumbnails`, multipart. */
export function uploadThumbnail(channelId: number, liveId: number, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return request(`/api${livePaths.thumbnails(channelId, liveId)}`, { method: 'POST', body: form, schema: LiveThumbnail, timeoutMs: UPLOAD_TIMEOUT_MS });
}

/** Spec section 8: any failure reads '이미지 업로드에 실패했습니다.'; the caller says it. */
export function useUploadThumbnail(channelId: number, liveId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => asResult(uploadThumbnail(channelId, liveId, file), 'anyRefusal'),
    onSuccess: (result) =>
      result.ok
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: liveKeys.live(channelId, liveId), exact: true }),
            queryClient.invalidateQueries({ queryKey: liveKeys.lists(channelId) }),
          ])
        : undefined,
  });
}
