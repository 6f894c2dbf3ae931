import { OWNER_INVITE_AUTO_DECLINE_DAYS, OWNER_TRANSFER_AUTO_DECLINE_DAYS } from '@studio/contract/constants';
import type { InvitationStatus, MemberRole } from '@studio/contract/enums';

/**
 * The one state machine of invites and ownership transfers. A request is
 * PENDING until it is accepted, declined (by the person, or automatically when
 * its deadline passes), or cancelled (by the owner, or because the channel
 * changed under it). Every other state is final.
 */
export type InvitationEvent = 'ACCEPT' | 'DECLINE' | 'CANCEL' | 'EXPIRE';

export type Transition =
  /** Write `to`; `automatic` marks a decline nobody chose (the deadline passed). */
  | { kind: 'move'; to: Exclude<InvitationStatus, 'PENDING'>; automatic: boolean }
  /** The event already happened: answer as the first time did, change nothing. */
  | { kind: 'repeat' }
  /** The request is settled the other way. */
  | { kind: 'refuse' };

const EDGES: Record<InvitationEvent, { to: Exclude<InvitationStatus, 'PENDING'>; automatic: boolean; repeatFrom: readonly InvitationStatus[] }> = {
  ACCEPT: { to: 'ACCEPTED', automatic: false, repeatFrom: ['ACCEPTED'] },
  // Declining what is already off the table (declined or cancelled) changes nothing.
  DECLINE: { to: 'DECLINED', automatic: false, repeatFrom: ['DECLINED', 'CANCELLED'] },
  CANCEL: { to: 'CANCELLED', automatic: false, repeatFrom: ['CANCELLED'] },
  // The sweep only ever looks at pending rows; a settled row has nothing to expire.
  EXPIRE: { to: 'DECLINED', automatic: true, repeatFrom: ['ACCEPTED', 'DECLINED', 'CANCELLED'] },
};

export function transition(status: InvitationStatus, event: InvitationEvent): Transition {
  const edge = EDGES[event];
  if (status === 'PENDING') return { kind: 'move', to: edge.to, automatic: edge.automatic };
  return edge.repeatFrom.includes(status) ? { kind: 'repeat' } : { kind: 'refuse' };
}

const DAY = 86_400_000;

/** Spec section 4: an owner invite is declined automatically after 30 days; manager invites do not expire. */
export function inviteDeadline(role: MemberRole, createdAt: Date): Date | null {
  return role === 'OWNER' ? new Date(createdAt.getTime() + OWNER_INVITE_AUTO_DECLINE_DAYS * DAY) : null;
}

/** Spec section 4: an ownership transfer is declined automatically after 7 days. */
export function transferDeadline(createdAt: Date): Date {
  return new Date(createdAt.getTime() + OWNER_TRANSFER_AUTO_DECLINE_DAYS * DAY);
}

/** Past its deadline counts as expired even before the sweep has run. */
export function isPastDeadline(expiresAt: Date | null, now: Date): boolean {
  return expiresAt !== null && expiresAt.getTime() <= now.getTime();
}
