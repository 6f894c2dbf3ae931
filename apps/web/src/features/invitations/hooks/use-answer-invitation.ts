import { useMutation } from '@tanstack/react-query';
import { isUnauthorized } from '../../../lib/handle-error';
import { acceptInvite } from '../api/accept-invite';
import { acceptTransfer } from '../api/accept-transfer';
import { declineInvite } from '../api/decline-invite';
import { declineTransfer } from '../api/decline-transfer';
import type { InvitationTarget } from '../api/invitation-target';
import { answerFailure, type InvitationFailure } from '../utils/invitation-errors';

type AcceptOutcome = { ok: true; channelId: number } | { ok: false; failure: InvitationFailure };
type DeclineOutcome = { ok: true } | { ok: false; failure: InvitationFailure };

function accept(target: InvitationTarget) {
  return target.kind === 'INVITE' ? acceptInvite(target.id) : acceptTransfer(target.id);
}

function decline(target: InvitationTarget) {
  return target.kind === 'INVITE' ? declineInvite(target.id) : declineTransfer(target.id);
}

/**
 * Accept and decline speak to the person in the popup's own texts (spec
 * section 8), so a failure resolves as an outcome instead of rejecting: the
 * shared mutation error handler would toast the server's message on top.
 * Only an ended session still rejects, so the shared handler sends the person
 * to login.
 */
export function useAnswerInvitation(target: InvitationTarget, onSettled: () => void) {
  const acceptMutation = useMutation({
    mutationFn: async (): Promise<AcceptOutcome> => {
      try {
        const { channelId } = await accept(target);
        return { ok: true, channelId };
      } catch (error) {
        if (isUnauthorized(error)) throw error;
        const failure = answerFailure(error);
        // Spec: a channel that left service cancels the invitation through the decline call.
        if (failure === 'channelNotService') await decline(target).catch(() => undefined);
        return { ok: false, failure };
      }
    },
    onSettled,
  });

  const declineMutation = useMutation({
    mutationFn: async (): Promise<DeclineOutcome> => {
      try {
        await decline(target);
        return { ok: true };
      } catch (error) {
        if (isUnauthorized(error)) throw error;
        return { ok: false, failure: answerFailure(error) };
      }
    },
    onSettled,
  });

  return { acceptMutation, declineMutation };
}
