import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { creatableChannelsQueryOptions } from '../../features/channels/api/get-creatable-channels';
import { myChannelsQueryOptions } from '../../features/channels/api/get-my-channels';

const AlarmInvitationPopup = lazy(() =>
  import('../../features/invitations/components/alarm-invitation-popup').then((module) => ({ default: module.AlarmInvitationPopup })),
);

const INVITATION_HASH = /^#(?:.*&)?(?:inviteObjectId|transferObjectId)=/;

/**
 * The invite and transfer popups, opened by `#inviteObjectId={id}` or
 * `#transferObjectId={id}` on any page: /profile/alarm (spec) and wherever an
 * alarm-menu item is clicked. Their code loads the first time a hash asks.
 */
export function InvitationPopupHost() {
  const { hash } = useLocation();
  const queryClient = useQueryClient();
  const [wanted, setWanted] = useState(false);
  if (!wanted && INVITATION_HASH.test(hash)) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AlarmInvitationPopup
        onChanged={() => {
          // An answered invitation changes the channels in the left menu.
          void queryClient.invalidateQueries({ queryKey: myChannelsQueryOptions().queryKey });
          void queryClient.invalidateQueries({ queryKey: creatableChannelsQueryOptions().queryKey });
        }}
      />
    </Suspense>
  );
}
