import { useId, useState, type FormEvent } from 'react';
import { OWNER_INVITE_AUTO_DECLINE_DAYS } from '@studio/contract/constants';
import { ChannelStatus, LiveServiceStatus, ShortsStatus } from '@studio/contract/enums';
import type { OperatorChannel, OperatorChannelUpdate } from '@studio/contract/operator';
import formStyles from '../../../components/form/form.module.css';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog, Dialog, DialogBody, DialogCloseButton, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/error-message';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toast';
import { useInviteChannelOwner } from '../api/invite-channel-owner';
import { useUpdateOperatorChannel } from '../api/update-operator-channel';
import { useOperatorT } from '../messages';
import { formatLabels, parseLabels } from '../utils/channel-search';
import styles from './operator.module.css';

type Draft = Required<Omit<OperatorChannelUpdate, 'labels'>> & { labels: string };

function draftOf(channel: OperatorChannel): Draft {
  return {
    status: channel.status.code,
    shortsStatus: channel.serviceStatus.shortsStatus.code,
    liveStatus: channel.serviceStatus.liveStatus.code,
    useMainnews: channel.consumerInfo.useMainnews,
    useDocumentWrite: channel.consumerInfo.useDocumentWrite,
    usePostWrite: channel.consumerInfo.usePostWrite,
    labels: formatLabels(channel.channelLabelInfo.labels),
  };
}

/** Only what changed goes to the server (it logs exactly that). */
function changesOf(channel: OperatorChannel, draft: Draft): OperatorChannelUpdate | null {
  const before = draftOf(channel);
  const labels = parseLabels(draft.labels);
  if (labels === null) return null;
  const changes: OperatorChannelUpdate = {};
  if (draft.status !== before.status) changes.status = draft.status;
  if (draft.shortsStatus !== before.shortsStatus) changes.shortsStatus = draft.shortsStatus;
  if (draft.liveStatus !== before.liveStatus) changes.liveStatus = draft.liveStatus;
  if (draft.useMainnews !== before.useMainnews) changes.useMainnews = draft.useMainnews;
  if (draft.useDocumentWrite !== before.useDocumentWrite) changes.useDocumentWrite = draft.useDocumentWrite;
  if (draft.usePostWrite !== before.usePostWrite) changes.usePostWrite = draft.usePostWrite;
  if (JSON.stringify(labels) !== JSON.stringify(channel.channelLabelInfo.labels)) changes.labels = labels;
  return changes;
}

function OwnerInvite({ channel }: { channel: OperatorChannel }) {
  const to = useOperatorT();
  const locale = useLocale();
  const id = useId();
  const [login, setLogin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const invite = useInviteChannelOwner();
  if (channel.owner) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!login.trim()) {
      setError(to('form.required'));
      return;
    }
    invite.mutate(
      { channelId: channel.id, login: login.trim() },
      {
        onSuccess: (result) => {
          if (!result.ok) {
            setError(errorMessage(result.error, locale));
            return;
          }
          showToast(to('edit.ownerInvited', { login: login.trim() }));
          setLogin('');
          setError(null);
        },
      },
    );
  };

  return (
    <section className={styles.subsection} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.subTitle}>
        {to('edit.ownerTitle')}
      </h3>
      {channel.pendingOwnerInvite ? (
        <p className={styles.meta}>{to('channels.ownerInvited', { name: channel.pendingOwnerInvite.name, login: channel.pendingOwnerInvite.login })}</p>
      ) : (
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <p className={styles.hint}>{to('edit.ownerDescription', { days: OWNER_INVITE_AUTO_DECLINE_DAYS })}</p>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-login`} className={formStyles.label}>
              {to('edit.ownerLogin')}
            </label>
            <input
              id={`${id}-login`}
              className={formStyles.input}
              value={login}
              maxLength={100}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => setLogin(event.target.value)}
            />
            {error ? (
              <p id={`${id}-error`} className={formStyles.error} role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <Button type="submit" className={formStyles.submit} disabled={invite.isPending}>
            {to('edit.ownerInvite')}
          </Button>
        </form>
      )}
    </section>
  );
}

/** One channel's status, service statuses, features and labels; leaving SERVICE asks first. */
export function ChannelEditDialog({ channel, onClose }: { channel: OperatorChannel; onClose: () => void }) {
  const t = useT();
  const to = useOperatorT();
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(channel));
  const [labelsError, setLabelsError] = useState(false);
  const [confirming, setConfirming] = useState<OperatorChannelUpdate | null>(null);
  const update = useUpdateOperatorChannel();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const apply = (changes: OperatorChannelUpdate) => {
    update.mutate(
      { channelId: channel.id, body: changes },
      {
        onSuccess: () => {
          showToast(to('edit.saved', { name: channel.name }));
          setConfirming(null);
          onClose();
        },
        onError: () => setConfirming(null),
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes = changesOf(channel, draft);
    setLabelsError(changes === null);
    if (changes === null) return;
    if (Object.keys(changes).length === 0) {
      showToast(to('edit.unchanged'));
      return;
    }
    if (changes.status !== undefined && channel.status.code === 'SERVICE') setConfirming(changes);
    else apply(changes);
  };

  const select = <K extends 'status' | 'shortsStatus' | 'liveStatus'>(key: K, label: string, options: readonly Draft[K][], text: (option: Draft[K]) => string) => (
    <div className={formStyles.field}>
      <label htmlFor={`${id}-${key}`} className={formStyles.label}>
        {label}
      </label>
      <select id={`${id}-${key}`} className={formStyles.input} value={draft[key]} onChange={(event) => set(key, event.target.value as Draft[K])}>
        {options.map((option) => (
          <option key={option} value={option}>
            {text(option)}
          </option>
        ))}
      </select>
    </div>
  );

  const check = (key: 'useMainnews' | 'useDocumentWrite' | 'usePostWrite') => (
    <label className={styles.check}>
      <input type="checkbox" checked={draft[key]} onChange={(event) => set(key, event.target.checked)} />
      {to(`edit.${key}`)}
    </label>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && !update.isPending && onClose()}>
      <DialogContent variant="panel">
        <DialogHeader>
          <DialogTitle>{to('edit.title', { name: channel.name })}</DialogTitle>
          <DialogCloseButton label={to('common.close')} disabled={update.isPending} />
        </DialogHeader>
        <DialogBody>
          <form className={styles.dialogForm} onSubmit={submit} noValidate>
            <div>
              {select('status', to('edit.status'), ChannelStatus.options, (option) => `${t(`channelStatus.${option}`)} (${option})`)}
              <p className={styles.hint}>{to('edit.statusHint')}</p>
            </div>
            <div className={styles.grid}>
              {select('shortsStatus', to('edit.shortsStatus'), ShortsStatus.options, (option) => to(`serviceStatus.${option}`))}
              {select('liveStatus', to('edit.liveStatus'), LiveServiceStatus.options, (option) => to(`serviceStatus.${option}`))}
            </div>
            <fieldset className={styles.checks}>
              <legend className={formStyles.label}>{to('edit.features')}</legend>
              {check('useMainnews')}
              {check('useDocumentWrite')}
              {check('usePostWrite')}
            </fieldset>
            <div className={formStyles.field}>
              <label htmlFor={`${id}-labels`} className={formStyles.label}>
                {to('edit.labels')}
              </label>
              <textarea
                id={`${id}-labels`}
                className={`${formStyles.input} ${styles.textarea}`}
                value={draft.labels}
                aria-invalid={labelsError ? true : undefined}
                aria-describedby={`${id}-labels-hint`}
                onChange={(event) => set('labels', event.target.value)}
              />
              <p id={`${id}-labels-hint`} className={labelsError ? formStyles.error : styles.hint} role={labelsError ? 'alert' : undefined}>
                {labelsError ? to('edit.labelsInvalid') : to('edit.labelsHint')}
              </p>
            </div>
            <Button type="submit" variant="primary" className={formStyles.submit} disabled={update.isPending}>
              {to('common.save')}
            </Button>
          </form>
          <OwnerInvite channel={channel} />
          {/* Inside the panel, so Radix stacks its focus trap above the panel's. */}
          <ConfirmDialog
            open={confirming !== null}
            onOpenChange={(open) => !open && setConfirming(null)}
            title={to('edit.stopTitle', { name: channel.name, status: confirming?.status ? t(`channelStatus.${confirming.status}`) : '' })}
            confirmLabel={to('edit.stopConfirm')}
            cancelLabel={to('common.cancel')}
            onConfirm={() => confirming && apply(confirming)}
            pending={update.isPending}
          >
            {to('edit.stopDescription')}
          </ConfirmDialog>
        </DialogBody>
      </DialogContent>
    </Dialog>
  );
}
