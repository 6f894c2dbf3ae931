import { useMutation } from '@tanstack/react-query';
import { asResult } from '../../../lib/result';
import { answerFailure, type InvitationFailure } from '../utils/invitation-errors';
import { acceptInvite } from './accept-invite';
import { acceptTransfer } from './accept-transfer';
import { declineInvite } from './decline-invite';
import { declineTransfer } from './decline-transfer';
import type { InvitationTarget } from './invitation-target';

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
 * section 8), so every refusal resolves as an outcome instead of rejecting: the
 * shared mutation error handler would toast the server's message on top.
 * Only an ended session still rejects, so the shared handler sends the person
 * to login.
 */
export function useAnswerInvitation(target: InvitationTarget, onSettled: () => void) {
  const acceptMutation = useMutation({
    mutationFn: async (): Promise<AcceptOutcome> => {
      const result = await asResult(accept(target), 'anyRefusal');
      if (result.ok) return { ok: true, channelId: result.value.channelId };
      const failure = answerFailure(result.error);
      // Spec: a channel that left service cancels the invitation through the decline call.
      if (failure === 'channelNotService') await decline(target).catch(() => undefined);
      return { ok: false, failure };
    },
    onSettled,
  });

  const declineMutation = useMutation({
    mutationFn: async (): Promise<DeclineOutcome> => {
      const result = await asResult(decline(target), 'anyRefusal');
      return result.ok ? { ok: true } : { ok: false, failure: answerFailure(result.error) };
    },
    onSettled,
  });

  return { acceptMutation, declineMutation };
}
