import { apiClient } from '../../../lib/api-client';

export function declineTransfer(id: number): Promise<void> {
  return apiClient.delete(`/api/my/transfer/${id}`);
}
