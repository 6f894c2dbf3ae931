import { queryOptions } from '@tanstack/react-query';
import type { ChannelDetail } from '@studio/contract/member';
import { apiClient, schemaOf } from '../../../lib/api-client';
import { channelKeys } from './channel-keys';

/** Loaded when an answer is checked, after the first page (docs/decisions/057). */
const memberSchemas = () => import('@studio/contract/member');

export function getChannel(channelId: number, signal?: AbortSignal): Promise<ChannelDetail> {
  return apiClient.get(`/api/channels/${channelId}`, schemaOf(memberSchemas, 'ChannelDetail'), { signal });
}

export function channelQueryOptions(channelId: number) {
  return queryOptions({
    queryKey: channelKeys.detail(channelId),
    queryFn: ({ signal }) => getChannel(channelId, signal),
  });
}
