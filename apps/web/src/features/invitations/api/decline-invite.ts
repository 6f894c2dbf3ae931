import { apiClient } from '../../../lib/api-client';

export function declineInvite(id: number): Promise<void> {
  return apiClient.delete(`/api/my/invites/${id}`);
}
