import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { OWNER_TRANSFER_AUTO_DECLINE_DAYS } from '@studio/contract/constants';
import { AsyncErrorBlock } from '../../../components/errors/async-error-block';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Loading } from '../../../components/ui/loading';
import { Section } from '../../../components/ui/page';
import { errorMessage } from '../../../lib/error-message';
import { useLocale } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toast';
import { useCancelTransfer } from '../api/cancel-transfer';
import { useCreateTransfer } from '../api/create-transfer';
import { channelTransfersQueryOptions } from '../api/get-channel-transfers';
import { useChannelSettingsT } from '../messages';
import { LoginField } from './login-field';
import styles from './settings.module.css';
import { useFormat } from '../../../lib/format/use-format';

type TransferFormProps = { channelId: number; error: string | null; setError: (error: string | null) => void };

function TransferForm({ channelId, error, setError }: TransferFormProps) {
  const ts = useChannelSettingsT();
  const locale = useLocale();
  const [login, setLogin] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  const create = useCreateTransfer(channelId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = login.trim();
    if (!trimmed) {
      setError(ts('form.required'));
      return;
    }
    setError(null);
    setConfirming(trimmed);
  };

  const send = () => {
    if (!confirming) return;
    const target = confirming;
    create.mutate(target, {
      onSuccess: (result) => {
        setConfirming(null);
        if (!result.ok) {
          setError(errorMessage(result.error, locale));
          return;
        }
        setLogin('');
        showToast(ts('transfer.sent', { login: target }));
      },
      onError: () => setConfirming(null),
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <LoginField
        label={ts('transfer.login')}
        placeholder={ts('transfer.loginPlaceholder')}
        value={login}
        onChange={setLogin}
        error={error}
        onErrorClear={() => setError(null)}
      />
      <Button type="submit" className={styles.submit}>
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

/** Hand the channel over: one pending request at a time, shown with its deadline and a cancel. */
export function OwnershipTransfer({ channelId }: { channelId: number }) {
  const ts = useChannelSettingsT();
  const format = useFormat();
  const transfers = useQuery(channelTransfersQueryOptions(channelId));
  const cancel = useCancelTransfer(channelId);
  // Held here, not in the form: a 409 TRANSFER_ALREADY_PENDING refreshes the list, which
  // swaps the form for the pending request, and the reason must stay on screen with it.
  const [error, setError] = useState<string | null>(null);

  let body;
  if (transfers.isPending) body = <Loading />;
  else if (transfers.isError) body = <AsyncErrorBlock compact error={transfers.error} onRetry={() => void transfers.refetch()} />;
  else {
    const pending = transfers.data[0];
    body = pending ? (
      <>
        <div className={styles.pending}>
          <div className={styles.person}>
            <span className={styles.personName}>{ts('transfer.pending', { name: `${pending.name} (${pending.login})` })}</span>
            <span className={styles.sub}>
              {ts('transfer.pendingMeta', { time: format.time(pending), date: format.dateTime(pending.expiresAt) })}
            </span>
          </div>
          <Button
            size="small"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(pending.id, {
                onSuccess: () => {
                  setError(null);
                  showToast(ts('transfer.cancelled'));
                },
              })
            }
          >
            {ts('transfer.cancel')}
          </Button>
        </div>
        {error ? (
          <p className={`${styles.error} ${styles.pendingError}`} role="alert">
            {error}
          </p>
        ) : null}
      </>
    ) : (
      <TransferForm channelId={channelId} error={error} setError={setError} />
    );
  }

  return (
    <Section title={ts('transfer.title')}>
      <p className={styles.intro}>{ts('transfer.description')}</p>
      {body}
    </Section>
  );
}
