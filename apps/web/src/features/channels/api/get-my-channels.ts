import { queryOptions } from '@tanstack/react-query';
import type { MyChannel } from '@studio/contract/channel';
import { apiClient, schemaOf } from '../../../lib/api-client';

export function getMyChannels(signal?: AbortSignal): Promise<MyChannel[]> {
  return apiClient.get('/api/my/channels', schemaOf(() => import('@studio/contract/channel'), 'MyChannelList'), { signal });
}

export function myChannelsQueryOptions() {
  return queryOptions({
    queryKey: ['my', 'channels'],
    queryFn: ({ signal }) => getMyChannels(signal),
    staleTime: 60_000,
  });
}
