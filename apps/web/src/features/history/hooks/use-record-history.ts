import { useEffect } from 'react';
import { recordHistory } from '../api/record-history';

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
