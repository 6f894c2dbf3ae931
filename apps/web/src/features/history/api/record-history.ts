import { HistoryRecord } from '@studio/contract/user';
import { apiClient } from '../../../lib/api-client';

export function recordHistory(path: string): Promise<void> {
  return apiClient.post('/api/my/history', { bodySchema: HistoryRecord, body: { path } });
}
