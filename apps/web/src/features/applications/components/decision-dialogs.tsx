import { useId, useState } from 'react';
import { REJECT_REASON_MAX, RejectApplicationBody, type OperatorApplication } from '@studio/contract/application';
import { ConfirmDialog, Dialog, DialogFormActions, DialogContent, DialogTitle } from '../../../components/ui/dialog';
import { useApplicationsT } from '../messages';
import styles from './queue.module.css';

type DialogProps = { application: OperatorApplication; pending: boolean; onClose: () => void };

export function ApproveDialog({ application, pending, onClose, onConfirm }: DialogProps & { onConfirm: () => void }) {
  const t = useApplicationsT();
  const type = t(`channelType.${application.channelType}`);
  const values = { type, applicant: application.applicant.name };
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={t('queue.approveTitle', { name: application.channelName })}
      confirmLabel={t('queue.approveConfirm')}
      cancelLabel={t('queue.cancel')}
      onConfirm={onConfirm}
      pending={pending}
    >
      {application.applyType === 'NEW_APPLY' ? t('queue.approveNew', values) : t('queue.approveAddType', values)}
    </ConfirmDialog>
  );
}

/** Rejecting needs a reason (the applicant reads it): required and checked with the contract's rule. */
export function RejectDialog({ application, pending, onClose, onConfirm }: DialogProps & { onConfirm: (reason: string) => void }) {
  const t = useApplicationsT();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const parsed = RejectApplicationBody.safeParse({ reason });
    if (!parsed.success) {
      setError(reason.trim() === '' ? t('form.required') : t('form.invalid'));
      return;
    }
    onConfirm(parsed.data.reason);
  };
  return (
    <Dialog open onOpenChange={(open) => (open || pending ? undefined : onClose())}>
      <DialogContent aria-describedby={`${id}-hint`}>
        <DialogTitle>{t('queue.rejectTitle', { name: application.channelName })}</DialogTitle>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
          noValidate
        >
          <label htmlFor={id} className={styles.hint}>
            {t('queue.rejectReason')}
          </label>
          <textarea
            id={id}
            className={styles.reason}
            maxLength={REJECT_REASON_MAX}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-hint`}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
          <p id={`${id}-hint`} className={styles.hint}>
            {t('queue.rejectReasonHint')}
          </p>
          {error ? (
            <p id={`${id}-error`} className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
          <DialogFormActions cancelLabel={t('queue.cancel')} submitLabel={t('queue.rejectConfirm')} onCancel={onClose} pending={pending} canSubmit={!pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
