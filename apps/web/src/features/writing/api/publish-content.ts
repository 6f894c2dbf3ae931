import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ContentDetail, ContentVersionBody, ReserveContentBody, type ReservationVisibility } from '@studio/contract/content';
import { apiClient } from '../../../lib/api-client';
import { contentKeys } from './content-keys';

export type PublishRequest = { contentId: number; version: number } & ({ mode: 'now' } | { mode: 'reserve'; at: Date; visibility: ReservationVisibility });

export function publishContent(channelId: number, contentId: number, version: number) {
  return apiClient.post(`/api/channels/${channelId}/contents/${contentId}/publish`, { bodySchema: ContentVersionBody, body: { version }, schema: ContentDetail });
}

export function reserveContent(channelId: number, contentId: number, body: { version: number; at: Date; visibility: ReservationVisibility }) {
  return apiClient.post(`/api/channels/${channelId}/contents/${contentId}/reserve`, {
    bodySchema: ReserveContentBody,
    body: { version: body.version, at: body.at.toISOString(), visibility: body.visibility },
    schema: ContentDetail,
  });
}

export function usePublishContent(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PublishRequest) =>
      request.mode === 'now' ? publishContent(channelId, request.contentId, request.version) : reserveContent(channelId, request.contentId, request),
    onSuccess: (content) => {
      queryClient.setQueryData(contentKeys.detail(channelId, content.id), content);
      return queryClient.invalidateQueries({ queryKey: contentKeys.all(channelId) });
    },
  });
}
