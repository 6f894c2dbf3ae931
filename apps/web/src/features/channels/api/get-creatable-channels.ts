import { queryOptions } from '@tanstack/react-query';
import type { CreatableChannel } from '@studio/contract/channel';
import { apiClient, schemaOf } from '../../../lib/api-client';

/** Loaded when an answer is checked, after the first page (docs/decisions/057). */
const channelSchemas = () => import('@studio/contract/channel');

export function getCreatableChannels(signal?: AbortSignal): Promise<CreatableChannel[]> {
  return apiClient.get('/api/my/channels/creatable', schemaOf(channelSchemas, 'CreatableChannelList'), { signal });
}

export function creatableChannelsQueryOptions() {
  return queryOptions({
    queryKey: ['my', 'channels', 'creatable'],
    queryFn: ({ signal }) => getCreatableChannels(signal),
    staleTime: 60_000,
  });
}
