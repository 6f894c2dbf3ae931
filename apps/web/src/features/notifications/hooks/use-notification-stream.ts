import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectNotificationStream } from '../utils/notification-stream';

/** Opens the real-time notification stream while the studio is open (a few hundred bytes: part of the first load). */
export function useNotificationStream(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    return connectNotificationStream(queryClient);
  }, [enabled, queryClient]);
}
