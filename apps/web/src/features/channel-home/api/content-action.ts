import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentSummary } from '@studio/contract/content';
import { cancelReservation } from './cancel-reservation';
import { channelKeys } from './channel-keys';
import { deleteContent } from './delete-content';
import { hideContent } from './hide-content';
import { unhideContent } from './unhide-content';
import type { ContentRowAction } from '../utils/content-actions';

type Request = { action: Exclude<ContentRowAction, 'EDIT' | 'PREVIEW'>; content: Pick<ContentSummary, 'id' | 'version'> };

function run(channelId: number, { action, content }: Request): Promise<unknown> {
  switch (action) {
    case 'HIDE':
      return hideContent(channelId, content.id, content.version);
    case 'UNHIDE':
      return unhideContent(channelId, content.id, content.version);
    case 'CANCEL_RESERVATION':
      return cancelReservation(channelId, content.id, content.version);
    case 'DELETE':
      return deleteContent(channelId, content.id, content.version);
  }
}

/** A list row's status change; whatever the answer, the list is read again (a conflict means it was stale). */
export function useContentAction(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Request) => run(channelId, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: channelKeys.contents(channelId) }),
  });
}
