import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, schemaOf } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useChannelHomeT } from '../messages';
import { channelQueryOptions } from './get-channel';

/** Loaded when an answer is checked, after the first page (docs/decisions/057). */
const memberSchemas = () => import('@studio/contract/member');

export function updateSubscriberCount(channelId: number, showSubscriberCount: boolean) {
  return apiClient.put(`/api/channels/${channelId}/settings/subscriber-count`, {
    bodySchema: schemaOf(memberSchemas, 'SubscriberCountSetting'),
    body: { showSubscriberCount },
    schema: schemaOf(memberSchemas, 'SubscriberCountSetting'),
  });
}

export function useUpdateSubscriberCount(channelId: number) {
  const queryClient = useQueryClient();
  const t = useChannelHomeT();
  return useMutation({
    mutationFn: (showSubscriberCount: boolean) => updateSubscriberCount(channelId, showSubscriberCount),
    onSuccess: (saved) => {
      // The switch shows what the server saved, not what was asked for.
      queryClient.setQueryData(channelQueryOptions(channelId).queryKey, (channel) => channel && { ...channel, ...saved });
      showToast(t('subscriber.saved'));
    },
  });
}
