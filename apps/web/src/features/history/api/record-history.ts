import type { HistoryRecord } from '@studio/contract/history';
import { apiClient } from '../../../lib/api-client';

// The body's schema only types the call (the server validates): a type import keeps
// classic zod and the text rules out of the first load.
export function recordHistory(path: string): Promise<void> {
  return apiClient.post<typeof HistoryRecord>('/api/my/history', { body: { path } });
}
