import { apiClient } from '../../../lib/api-client';

export function recordHistory(path: string): Promise<void> {
  return apiClient.post('/api/my/history', { path });
}
