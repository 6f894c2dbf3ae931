import type { InvitationTarget } from '../api/invitation-target';

function positiveId(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

/** Spec section 2: `#inviteObjectId={id}` or `#transferObjectId={id}` on /profile/alarm opens a popup. */
export function parseInvitationHash(hash: string): InvitationTarget | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const invite = positiveId(params.get('inviteObjectId'));
  if (invite !== null) return { kind: 'INVITE', id: invite };
  const transfer = positiveId(params.get('transferObjectId'));
  if (transfer !== null) return { kind: 'TRANSFER', id: transfer };
  return null;
}
