import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Opens the real-time notification stream while the studio is open. Its code
 * loads in a chunk of its own after the first render, so the first load stays
 * within budget.
 */
export function useNotificationStream(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import('../utils/notification-stream').then(
      ({ connectNotificationStream }) => {
        if (!cancelled) stop = connectNotificationStream(queryClient);
      },
      () => undefined, // Offline or a stale deploy: the counts still load with the page.
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [enabled, queryClient]);
}
