import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Notification } from '@studio/contract/notification';
import { assignLocation } from '../../../lib/browser-location';
import { toStudioRouterPath } from '../../../utils/studio-path';
import { useReadNotification } from '../api/read-notification';

/** Invite and transfer notifications land on the alarm page's hash, which the layout opens as a popup on any page. */
const POPUP_PAGE = '/profile/alarm';

/**
 * Clicking a notification marks it read, then follows its landing URL:
 * studio paths through the router, anything else as a full page load. An
 * invite or transfer opens its popup right where the person is.
 */
export function useOpenNotification() {
  const navigate = useNavigate();
  const location = useLocation();
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
      if (routerPath === null) {
        assignLocation(landingUrl);
        return;
      }
      const hashAt = routerPath.indexOf('#');
      if (hashAt > 0 && routerPath.slice(0, hashAt) === POPUP_PAGE) {
        await navigate({ pathname: location.pathname, search: location.search, hash: routerPath.slice(hashAt) }, { preventScrollReset: true });
        return;
      }
      await navigate(routerPath);
    },
    [markRead, navigate, location.pathname, location.search],
  );
}
