import { queryOptions } from '@tanstack/react-query';
import { ChannelTransferList } from '@studio/contract/member';
import { apiClient } from '../../../lib/api-client';
import { settingsKeys } from './settings-keys';

export function getChannelTransfers(channelId: number, signal?: AbortSignal) {
  return apiClient.get(`/api/channels/${channelId}/transfers`, ChannelTransferList, { signal });
}

export function channelTransfersQueryOptions(channelId: number) {
  return queryOptions({
    queryKey: settingsKeys.transfers(channelId),
    queryFn: ({ signal }) => getChannelTransfers(channelId, signal),
  });
}
