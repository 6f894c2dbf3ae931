import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { OperatorBroadcastInput, OperatorNotificationInput, OPERATOR_MESSAGE_MAX } from '@studio/contract/operator';
import { QueryBoundary } from '../../../components/errors/query-boundary';
import { formResolver } from '../../../components/form/form-resolver';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { Tag } from '../../../components/ui/badges';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Section } from '../../../components/ui/page';
import { errorMessage } from '../../../lib/error-message';
import { useFormat } from '../../../lib/format/use-format';
import { useLocale } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toast';
import { broadcastsQueryOptions } from '../api/get-broadcasts';
import { useSendBroadcast } from '../api/send-broadcast';
import { useSendOperatorNotification } from '../api/send-operator-notification';
import { useOperatorT } from '../messages';
import styles from './operator.module.css';

const optionalLink = { setValueAs: (value: string) => (value.trim() === '' ? undefined : value.trim()) };

function ToAccount() {
  const t = useOperatorT();
  const locale = useLocale();
  const form = useForm({ resolver: formResolver(OperatorNotificationInput), defaultValues: { login: '', message: '', landingUrl: undefined as string | undefined } });
  const send = useSendOperatorNotification();
  const landingError = form.formState.errors.landingUrl;

  const submit = form.handleSubmit((input) => {
    send.mutate(input, {
      onSuccess: (result) => {
        if (!result.ok) {
          form.setError('login', { type: 'server', message: errorMessage(result.error, locale) }, { shouldFocus: true });
          return;
        }
        // null: the person switched operator notifications off, so nothing was written.
        showToast(t(result.value.notificationId === null ? 'notify.muted' : 'notify.sent', { login: input.login }));
        form.reset();
      },
    });
  });

  return (
    <Section title={t('notify.userTitle')}>
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <p className={styles.hint}>{t('notify.userDescription')}</p>
        <TextField label={t('notify.login')} maxLength={100} registration={form.register('login')} error={form.formState.errors.login} />
        <TextField label={t('notify.message')} maxLength={OPERATOR_MESSAGE_MAX} registration={form.register('message')} error={form.formState.errors.message} />
        <TextField
          label={t('notify.landingUrl')}
          placeholder="/studio/notices"
          maxLength={300}
          registration={form.register('landingUrl', optionalLink)}
          error={landingError ? { ...landingError, message: t('notify.landingInvalid') } : undefined}
        />
        <Button type="submit" variant="primary" className={formStyles.submit} disabled={send.isPending}>
          {t('notify.send')}
        </Button>
      </form>
    </Section>
  );
}

function Broadcasts() {
  const t = useOperatorT();
  const format = useFormat();
  const { data } = useSuspenseQuery(broadcastsQueryOptions());
  if (data.length === 0) return <EmptyState compact title={t('notify.historyEmpty')} />;
  return (
    <ul className={styles.list}>
      {data.map((broadcast) => (
        <li key={broadcast.broadcastId} className={styles.row}>
          <div className={styles.rowMain}>
            <span className={styles.rowTitle}>
              {broadcast.finishedAt ? <Tag tone="success">{t('notify.finished')}</Tag> : <Tag tone="warning">{t('notify.sending')}</Tag>}
              {broadcast.message}
            </span>
            <span className={styles.meta}>
              {format.dateTime(broadcast.createdAt)} · {t('notify.progress', { count: format.count(broadcast.delivered) })}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

function ToEveryone() {
  const t = useOperatorT();
  const form = useForm({ resolver: formResolver(OperatorBroadcastInput), defaultValues: { message: '', landingUrl: undefined as string | undefined } });
  const send = useSendBroadcast();
  const [confirming, setConfirming] = useState<OperatorBroadcastInput | null>(null);
  const landingError = form.formState.errors.landingUrl;

  const submit = form.handleSubmit((input) => setConfirming(input));

  return (
    <Section title={t('notify.allTitle')}>
      <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
        <p className={styles.hint}>{t('notify.allDescription')}</p>
        <TextField label={t('notify.message')} maxLength={OPERATOR_MESSAGE_MAX} registration={form.register('message')} error={form.formState.errors.message} />
        <TextField
          label={t('notify.landingUrl')}
          placeholder="/studio/notices"
          maxLength={300}
          registration={form.register('landingUrl', optionalLink)}
          error={landingError ? { ...landingError, message: t('notify.landingInvalid') } : undefined}
        />
        <Button type="submit" variant="primary" className={formStyles.submit} disabled={send.isPending}>
          {t('notify.sendAll')}
        </Button>
      </form>
      <div className={styles.subsection}>
        <h3 className={styles.subTitle}>{t('notify.history')}</h3>
        <QueryBoundary compact>
          <Broadcasts />
        </QueryBoundary>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('notify.confirmAllTitle')}
        confirmLabel={t('notify.sendAll')}
        cancelLabel={t('common.cancel')}
        pending={send.isPending}
        onConfirm={() =>
          confirming &&
          send.mutate(confirming, {
            onSuccess: () => {
              showToast(t('notify.queued'));
              setConfirming(null);
              form.reset();
            },
            onError: () => setConfirming(null),
          })
        }
      >
        {t('notify.confirmAllDescription')}
      </ConfirmDialog>
    </Section>
  );
}

/** Operator notifications: to one account at once, or to every studio user through a job. */
export function OperatorNotificationsPage() {
  return (
    <div className={styles.columns}>
      <ToAccount />
      <ToEveryone />
    </div>
  );
}
