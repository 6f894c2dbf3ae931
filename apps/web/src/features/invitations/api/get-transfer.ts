import { queryOptions } from '@tanstack/react-query';
import { type TransferDetail, TransferDetail as TransferDetailSchema } from '@studio/contract/member';
import { apiClient } from '../../../lib/api-client';

export function getTransfer(id: number, signal?: AbortSignal): Promise<TransferDetail> {
  return apiClient.get(`/api/my/transfer/${id}`, TransferDetailSchema, { signal });
}

export function transferQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['my', 'transfer', id],
    queryFn: ({ signal }) => getTransfer(id, signal),
    // Once answered the transfer is gone: never show a cached one when a popup opens again.
    gcTime: 0,
  });
}
