import { AcceptResult } from '@studio/contract/member';
import { apiClient } from '../../../lib/api-client';

/** Spec section 7: accepting returns the channel to go to. */
export function acceptTransfer(id: number): Promise<{ channelId: number }> {
  return apiClient.post(`/api/my/transfer/${id}`, { schema: AcceptResult });
}
