import { queryOptions } from '@tanstack/react-query';
import { type CreatableChannel, CreatableChannelList } from '@studio/contract/channel';
import { apiClient } from '../../../lib/api-client';

export function getCreatableChannels(signal?: AbortSignal): Promise<CreatableChannel[]> {
  return apiClient.get('/api/my/channels/creatable', CreatableChannelList, { signal });
}

export function creatableChannelsQueryOptions() {
  return queryOptions({
    queryKey: ['my', 'channels', 'creatable'],
    queryFn: ({ signal }) => getCreatableChannels(signal),
    staleTime: 60_000,
  });
}
