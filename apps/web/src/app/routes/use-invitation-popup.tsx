import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { managementKeys } from '../../features/channel-management/api/management-keys';
import { creatableChannelsQueryOptions } from '../../features/channels/api/get-creatable-channels';
import { myChannelsQueryOptions } from '../../features/channels/api/get-my-channels';
import type { InvitationTarget } from '../../features/invitations/api/invitation-target';
import { notificationKeys } from '../../features/notifications/api/notification-keys';

// The popup (and the dialog library) loads when someone opens an invitation.
const InvitationPopup = lazy(async () => ({ default: (await import('../../features/invitations/components/invitation-popup')).InvitationPopup }));

/** What an answered invitation changes: counts and lists of management, the left menu's channels, and its notification (now read). */
export function useRefreshAfterInvitation() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    for (const queryKey of [managementKeys.all, myChannelsQueryOptions().queryKey, creatableChannelsQueryOptions().queryKey, notificationKeys.all]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [queryClient]);
}

/** An invite or transfer popup opened from a list of invitations: `open` it, render `popup`. */
export function useInvitationPopup(): { open: (target: InvitationTarget) => void; popup: ReactNode } {
  const [target, setTarget] = useState<InvitationTarget | null>(null);
  const refresh = useRefreshAfterInvitation();
  const open = useCallback((next: InvitationTarget) => setTarget({ kind: next.kind, id: next.id }), []);
  const popup = target ? (
    <Suspense fallback={null}>
      <InvitationPopup key={`${target.kind}-${target.id}`} target={target} onClose={() => setTarget(null)} onChanged={refresh} />
    </Suspense>
  ) : null;
  return { open, popup };
}
