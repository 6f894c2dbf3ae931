import { useEffect } from 'react';
import type { HistoryRecord } from '@studio/contract/history';
import { apiClient } from '../../../lib/api-client';

// The body's schema only types the call (the server validates): a type import keeps
// classic zod and the text rules out of the first load.
export function recordHistory(path: string): Promise<void> {
  return apiClient.post<typeof HistoryRecord>('/api/my/history', { body: { path } });
}

// Module-level so StrictMode's double effects and remounts still send one call per page load.
let recorded = false;

/** The spec's one history call on load; its failure is deliberately ignored. */
export function recordHistoryOnce(path: string): void {
  if (recorded) return;
  recorded = true;
  recordHistory(path).catch(() => undefined);
}

export function useRecordHistoryOnce(): void {
  useEffect(() => {
    recordHistoryOnce(window.location.pathname);
  }, []);
}
