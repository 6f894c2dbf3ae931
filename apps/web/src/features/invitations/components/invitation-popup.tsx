import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogCloseButton,
  DialogContent,
  DialogHeader,
  DialogTitle,
  MessageDialog,
} from '../../../components/ui/dialog';
import { UserIcon } from '../../../components/ui/icons';
import { Loading } from '../../../components/ui/loading';
import { showToast } from '../../../lib/toast';
import { type InvitationsKey, useInvitationsT } from '../messages';
import type { InvitationTarget } from '../api/invitation-target';
import { useAnswerInvitation } from '../api/answer-invitation';
import { type InvitationView, useInvitation } from '../api/get-invitation';
import { type InvitationFailure, loadFailure } from '../utils/invitation-errors';
import styles from './invitation-popup.module.css';

const failureText: Record<InvitationFailure, InvitationsKey> = {
  account: 'invitation.error.account',
  expired: 'invitation.error.expired',
  temporary: 'error.temporary',
  channelNotService: 'invitation.error.channelNotService',
};

type InvitationPopupProps = {
  target: InvitationTarget;
  onClose: () => void;
  /** The invitation was answered or cancelled (or tried to be): lists showing it should refresh. */
  onChanged?: () => void;
  /** Confirming an error message. Closes the popup unless the caller does more (the alarm page reloads). */
  onErrorConfirm?: () => void;
};

type Step = { name: 'main' } | { name: 'confirmDecline' } | { name: 'accepted'; channelId: number } | { name: 'failed'; failure: InvitationFailure };

/**
 * The invite popup (spec section 2, "Layers and popups") and, for a transfer,
 * the transfer popup: who offers which channel, accept or decline, then a
 * result. Every failure is shown here in the spec's words, never as a toast.
 */
export function InvitationPopup({ target, onClose, onChanged, onErrorConfirm = onClose }: InvitationPopupProps) {
  const t = useInvitationsT();
  const navigate = useNavigate();
  const invitation = useInvitation(target);
  const [step, setStep] = useState<Step>({ name: 'main' });
  const { acceptMutation, declineMutation } = useAnswerInvitation(target, () => onChanged?.());
  const busy = acceptMutation.isPending || declineMutation.isPending;

  if (invitation.isError) {
    return (
      <MessageDialog title={t(failureText[loadFailure(target.kind, invitation.error)])} onDismiss={onClose}>
        <Button variant="primary" onClick={onErrorConfirm}>
          {t('invitation.confirm')}
        </Button>
      </MessageDialog>
    );
  }

  const view = invitation.data;
  const accept = () =>
    acceptMutation.mutate(undefined, {
      onSuccess: (outcome) => setStep(outcome.ok ? { name: 'accepted', channelId: outcome.channelId } : { name: 'failed', failure: outcome.failure }),
    });
  const decline = () =>
    declineMutation.mutate(undefined, {
      onSuccess: (outcome) => {
        if (!outcome.ok) return setStep({ name: 'failed', failure: outcome.failure });
        // The popup goes away: say what happened.
        showToast(t(target.kind === 'TRANSFER' ? 'invitation.declined.TRANSFER' : 'invitation.declined.INVITE'));
        onClose();
      },
    });

  return (
    <Dialog open onOpenChange={(open) => (open || busy ? undefined : onClose())}>
      <DialogContent variant="panel" aria-busy={view ? undefined : true}>
        <DialogHeader>
          <DialogTitle>{view ? t(`invitation.title.${view.managementType}`) : t('invitation.loadingTitle')}</DialogTitle>
          <DialogCloseButton label={t('invitation.close')} disabled={busy} />
        </DialogHeader>
        {view ? (
          <>
            <InvitationSummary view={view} transfer={target.kind === 'TRANSFER'} />
            <DialogActions>
              <Button onClick={() => setStep({ name: 'confirmDecline' })} disabled={busy}>
                {t('invitation.decline')}
              </Button>
              <Button variant="primary" onClick={accept} disabled={busy}>
                {t('invitation.accept')}
              </Button>
            </DialogActions>
          </>
        ) : (
          <DialogBody describes>
            <Loading />
          </DialogBody>
        )}

        {step.name === 'confirmDecline' ? (
          <MessageDialog
            title={t(target.kind === 'TRANSFER' ? 'invitation.declineTransferConfirm' : 'invitation.declineConfirm')}
            description={target.kind === 'TRANSFER' ? t('invitation.declineTransferNote') : undefined}
            onDismiss={() => setStep({ name: 'main' })}
          >
            <Button onClick={() => setStep({ name: 'main' })} disabled={busy}>
              {t('invitation.no')}
            </Button>
            <Button variant="danger" onClick={decline} disabled={busy}>
              {t('invitation.yes')}
            </Button>
          </MessageDialog>
        ) : null}
        {step.name === 'accepted' && view ? (
          <MessageDialog
            title={t('invitation.acceptedTitle')}
            description={t(`invitation.accepted.${view.managementType}`, { channelName: view.channelName })}
            onDismiss={onClose}
          >
            <Button
              variant="primary"
              onClick={() => {
                onClose();
                void navigate(`/channels/${step.channelId}`);
              }}
            >
              {t('invitation.confirm')}
            </Button>
          </MessageDialog>
        ) : null}
        {step.name === 'failed' ? (
          <MessageDialog title={t(failureText[step.failure])} onDismiss={onClose}>
            <Button variant="primary" onClick={onErrorConfirm}>
              {t('invitation.confirm')}
            </Button>
          </MessageDialog>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function InvitationSummary({ view, transfer }: { view: InvitationView; transfer: boolean }) {
  const t = useInvitationsT();
  return (
    <DialogBody describes>
      <div className={styles.person}>
        {view.personName === null ? (
          <span className={styles.defaultAvatar} aria-hidden="true">
            <UserIcon size={28} />
          </span>
        ) : (
          <Avatar src={view.personImageUrl} name={view.personName} size={56} />
        )}
        <div className={styles.personText}>
          <span className={styles.label}>{t(transfer ? 'invitation.oldOwner' : 'invitation.owner')}</span>
          <strong className={styles.personName}>{view.personName ?? t('invitation.noOwner')}</strong>
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('invitation.channel')}</dt>
          <dd title={view.channelName}>{view.channelName}</dd>
        </div>
      </dl>
      <p className={styles.note}>
        {t(transfer ? 'invitation.note.TRANSFER' : `invitation.note.${view.managementType}`)}
      </p>
    </DialogBody>
  );
}
