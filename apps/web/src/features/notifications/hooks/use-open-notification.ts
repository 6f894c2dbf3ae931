import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { Notification } from '@studio/contract/notification';
import { assignLocation } from '../../../lib/browser-location';
import { toStudioRouterPath } from '../../../utils/studio-path';
import { useReadNotification } from '../api/read-notification';

/**
 * Clicking a notification marks it read, then follows its landing URL:
 * studio paths through the router, anything else as a full page load.
 */
export function useOpenNotification() {
  const navigate = useNavigate();
  const { mutateAsync: markRead } = useReadNotification();

  return useCallback(
    async (notification: Notification) => {
      if (!notification.read) {
        try {
          await markRead(notification.id);
        } catch {
          // The shared mutation error handler has told the person; stay put.
          return;
        }
      }
      const landingUrl = notification.landingUrl;
      if (!landingUrl) return;
      const routerPath = toStudioRouterPath(landingUrl, window.location.origin);
      if (routerPath === null) assignLocation(landingUrl);
      else await navigate(routerPath);
    },
    [markRead, navigate],
  );
}
