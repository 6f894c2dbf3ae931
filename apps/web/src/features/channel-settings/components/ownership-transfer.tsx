import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { OWNER_TRANSFER_AUTO_DECLINE_DAYS } from '@studio/contract/constants';
import { CreateTransferBody } from '@studio/contract/member';
import { QueryBoundary } from '../../../components/errors/query-boundary';
import { formResolver } from '../../../components/form/form-resolver';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Section } from '../../../components/ui/page';
import { errorMessage } from '../../../lib/error-message';
import { useLocale } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toast';
import { useCancelTransfer } from '../api/cancel-transfer';
import { useCreateTransfer } from '../api/create-transfer';
import { channelTransfersQueryOptions } from '../api/get-channel-transfers';
import { useChannelSettingsT } from '../messages';
import styles from './settings.module.css';
import { useFormat } from '../../../lib/format/use-format';

type TransferFormProps = { channelId: number; onAlreadyPending: (message: string) => void };

function TransferForm({ channelId, onAlreadyPending }: TransferFormProps) {
  const ts = useChannelSettingsT();
  const locale = useLocale();
  const form = useForm({ resolver: formResolver(CreateTransferBody), defaultValues: { login: '' } });
  const [confirming, setConfirming] = useState<string | null>(null);
  const create = useCreateTransfer(channelId);

  const submit = form.handleSubmit(({ login }) => setConfirming(login));

  const send = () => {
    if (!confirming) return;
    const target = confirming;
    create.mutate(target, {
      onSuccess: (result) => {
        setConfirming(null);
        if (result.ok) {
          form.reset({ login: '' });
          showToast(ts('transfer.sent', { login: target }));
          return;
        }
        const message = errorMessage(result.error, locale);
        // The refreshed list swaps this form for the pending request: the reason must outlive the form.
        if (result.error.code === 'TRANSFER_ALREADY_PENDING') onAlreadyPending(message);
        else form.setError('login', { type: 'server', message }, { shouldFocus: true });
      },
      onError: () => setConfirming(null),
    });
  };

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={ts('transfer.login')}
        placeholder={ts('transfer.loginPlaceholder')}
        maxLength={100}
        registration={form.register('login')}
        error={form.formState.errors.login}
      />
      <Button type="submit" className={formStyles.submit}>
        {ts('transfer.submit')}
      </Button>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={ts('transfer.confirmTitle', { login: confirming ?? '' })}
        confirmLabel={ts('transfer.confirm')}
        cancelLabel={ts('transfer.cancelDialog')}
        pending={create.isPending}
        onConfirm={send}
      >
        <p>{ts('transfer.confirmAccept')}</p>
        <p>{ts('transfer.confirmExpiry', { days: OWNER_TRANSFER_AUTO_DECLINE_DAYS })}</p>
      </ConfirmDialog>
    </form>
  );
}

type TransferStateProps = { channelId: number; pendingError: string | null; setPendingError: (error: string | null) => void };

/** The pending request with its deadline and a cancel, or the form when there is none. */
function TransferState({ channelId, pendingError, setPendingError }: TransferStateProps) {
  const ts = useChannelSettingsT();
  const format = useFormat();
  const { data: transfers } = useSuspenseQuery(channelTransfersQueryOptions(channelId));
  const cancel = useCancelTransfer(channelId);
  const pending = transfers[0];
  if (!pending) return <TransferForm channelId={channelId} onAlreadyPending={setPendingError} />;
  return (
    <>
      <div className={styles.pending}>
        <div className={styles.person}>
          <span className={styles.personName}>{ts('transfer.pending', { name: `${pending.name} (${pending.login})` })}</span>
          <span className={styles.sub}>{ts('transfer.pendingMeta', { time: format.time(pending), date: format.dateTime(pending.expiresAt) })}</span>
        </div>
        <Button
          size="small"
          disabled={cancel.isPending}
          onClick={() =>
            cancel.mutate(pending.id, {
              onSuccess: () => {
                setPendingError(null);
                showToast(ts('transfer.cancelled'));
              },
            })
          }
        >
          {ts('transfer.cancel')}
        </Button>
      </div>
      {pendingError ? (
        <p className={`${styles.error} ${styles.pendingError}`} role="alert">
          {pendingError}
        </p>
      ) : null}
    </>
  );
}

/** Hand the channel over: one pending request at a time. */
export function OwnershipTransfer({ channelId }: { channelId: number }) {
  const ts = useChannelSettingsT();
  // Held here, not in the form: a 409 TRANSFER_ALREADY_PENDING refreshes the list, which
  // swaps the form for the pending request, and the reason must stay on screen with it.
  const [pendingError, setPendingError] = useState<string | null>(null);
  return (
    <Section title={ts('transfer.title')}>
      <p className={styles.intro}>{ts('transfer.description')}</p>
      <QueryBoundary compact>
        <TransferState channelId={channelId} pendingError={pendingError} setPendingError={setPendingError} />
      </QueryBoundary>
    </Section>
  );
}
