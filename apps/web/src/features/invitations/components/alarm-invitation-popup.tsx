import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { InvitationTarget } from '../api/invitation-target';
import { parseInvitationHash } from '../utils/invitation-hash';
import { InvitationPopup } from './invitation-popup';

type AlarmInvitationPopupProps = {
  /** The invitation was answered or cancelled: the caller refreshes what depends on memberships. */
  onChanged?: () => void;
  /** Spec section 8: an error's confirm reloads the page. Replaceable in tests. */
  reload?: () => void;
};

function reloadWithoutHash() {
  // Reloading with the hash would open the same failing popup again.
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  window.location.reload();
}

/**
 * Opens the invite or transfer popup named by the alarm page's hash: on
 * arrival, and again whenever a notification puts a new hash on the page.
 */
export function AlarmInvitationPopup({ onChanged, reload = reloadWithoutHash }: AlarmInvitationPopupProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const fromHash = parseInvitationHash(location.hash);
  const [active, setActive] = useState<InvitationTarget | null>(fromHash);
  // A hash typed into the address bar arrives without history state, so its key
  // repeats ('default'): the hash itself tells that navigation apart.
  const visit = `${location.key}${location.hash}`;
  const [seenVisit, setSeenVisit] = useState(visit);

  // Each navigation that carries an id opens it, even the same id clicked twice.
  if (visit !== seenVisit) {
    setSeenVisit(visit);
    if (fromHash) setActive(fromHash);
  }

  // The hash has done its job once the popup closes or the invitation is answered.
  const clearHash = () => {
    if (parseInvitationHash(location.hash)) void navigate({ search: location.search, hash: '' }, { replace: true, preventScrollReset: true });
  };

  if (!active) return null;
  return (
    <InvitationPopup
      key={`${active.kind}-${active.id}`}
      target={active}
      onClose={() => {
        setActive(null);
        clearHash();
      }}
      onChanged={() => {
        clearHash();
        onChanged?.();
      }}
      onErrorConfirm={reload}
    />
  );
}
