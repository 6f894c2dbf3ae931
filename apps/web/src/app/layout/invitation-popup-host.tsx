import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useRefreshAfterInvitation } from '../routes/use-invitation-popup';

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
  // An answered invitation changes the left menu's channels, management's lists and marks its notification read.
  const refresh = useRefreshAfterInvitation();
  const [wanted, setWanted] = useState(false);
  if (!wanted && INVITATION_HASH.test(hash)) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AlarmInvitationPopup onChanged={refresh} />
    </Suspense>
  );
}
