import { type ApiError, isApiError } from '../../../lib/api-error';
import type { InvitationKind } from '../api/invitation-target';

/** What went wrong, in the words of spec section 8; each has one text in the message catalogue. */
export type InvitationFailure = 'account' | 'expired' | 'temporary' | 'channelNotService';

/**
 * Loading an invite (or transfer) that belongs to another account asks the
 * person to check which account is logged in; anything else means the
 * invitation has expired or is not theirs.
 */
export function loadFailure(kind: InvitationKind, error: unknown): InvitationFailure {
  const accountCode = kind === 'INVITE' ? 'INVITE_UNAUTHORIZED' : 'TRANSFER_UNAUTHORIZED';
  return isApiError(error) && error.code === accountCode ? 'account' : 'expired';
}

/**
 * Answering (a refusal other than an ended session, lib/result.ts): a server
 * failure is temporary; a channel that left service cancels the invitation
 * (the caller declines it); anything else is the expired-or-no-permission text.
 */
export function answerFailure(error: ApiError): InvitationFailure {
  if (error.status >= 500) return 'temporary';
  if (error.code === 'CHANNEL_NOT_SERVICE') return 'channelNotService';
  return 'expired';
}
