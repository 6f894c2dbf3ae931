import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { InvitableRole } from '@studio/contract/member';
import { AsyncErrorBlock } from '../../../components/errors/async-error-block';
import { Tag } from '../../../components/ui/badges';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { Section } from '../../../components/ui/page';
import { errorMessage } from '../../../lib/error-message';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toast';
import { useCancelInvite } from '../api/cancel-invite';
import { type InviteInput, useCreateInvite } from '../api/create-invite';
import { channelInvitesQueryOptions } from '../api/get-channel-invites';
import { useChannelSettingsT } from '../messages';
import { LoginField } from './login-field';
import { roleTone } from './member-list';
import styles from './settings.module.css';
import { useFormat } from '../../../lib/format/use-format';

type Role = InviteInput['role'];

function InviteForm({ channelId }: { channelId: number }) {
  const t = useT();
  const ts = useChannelSettingsT();
  const locale = useLocale();
  const id = useId();
  const [login, setLogin] = useState('');
  const [role, setRole] = useState<Role>('MANAGER');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateInvite(channelId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = login.trim();
    if (!trimmed) {
      setError(ts('form.required'));
      return;
    }
    setError(null);
    create.mutate(
      { login: trimmed, role },
      {
        onSuccess: (result) => {
          if (!result.ok) {
            setError(errorMessage(result.error, locale));
            return;
          }
          setLogin('');
          showToast(ts('invite.sent', { login: trimmed }));
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.fields}>
        <LoginField
          label={ts('invite.login')}
          placeholder={ts('invite.loginPlaceholder')}
          value={login}
          onChange={setLogin}
          error={error}
          onErrorClear={() => setError(null)}
        />
        <div className={`${styles.field} ${styles.fieldNarrow}`}>
          <label htmlFor={`${id}-role`} className={styles.label}>
            {ts('invite.role')}
          </label>
          <select id={`${id}-role`} className={styles.input} value={role} onChange={(event) => setRole(InvitableRole.parse(event.target.value))}>
            {InvitableRole.options.map((option) => (
              <option key={option} value={option}>
                {t(`memberRole.${option}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Button type="submit" variant="primary" className={styles.submit} disabled={create.isPending}>
        {ts('invite.submit')}
      </Button>
    </form>
  );
}

function PendingInvites({ channelId }: { channelId: number }) {
  const t = useT();
  const ts = useChannelSettingsT();
  const format = useFormat();
  const invites = useQuery(channelInvitesQueryOptions(channelId));
  const cancel = useCancelInvite(channelId);

  if (invites.isPending) return <Loading />;
  if (invites.isError) return <AsyncErrorBlock compact error={invites.error} onRetry={() => void invites.refetch()} />;
  if (invites.data.length === 0) return <p className={styles.empty}>{ts('invite.pendingEmpty')}</p>;
  return (
    <ul className={`${styles.rows} ${styles.compactRows}`} aria-label={ts('invite.pendingTitle')}>
      {invites.data.map((invite) => (
        <li key={invite.id} className={styles.row}>
          <div className={styles.person}>
            <span className={styles.personName}>
              {invite.name}
              <Tag tone={roleTone[invite.role]}>{t(`memberRole.${invite.role}`)}</Tag>
            </span>
            <span className={styles.sub}>
              {invite.login} · {ts('invite.sentAt', { time: format.time(invite) })}
              {invite.expiresAt ? ` · ${ts('invite.expiresAt', { date: format.dateTime(invite.expiresAt) })}` : ''}
            </span>
          </div>
          <Button
            size="small"
            className={styles.rowAction}
            aria-label={`${ts('invite.cancel')}: ${invite.name}`}
            disabled={cancel.isPending && cancel.variables === invite.id}
            onClick={() => cancel.mutate(invite.id, { onSuccess: () => showToast(ts('invite.cancelled', { name: invite.name })) })}
          >
            {ts('invite.cancel')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Invite a manager or credit manager by login; the pending invites sit below with a cancel each. */
export function InviteSection({ channelId }: { channelId: number }) {
  const ts = useChannelSettingsT();
  return (
    <Section title={ts('invite.title')}>
      <p className={styles.intro}>{ts('invite.description')}</p>
      <InviteForm channelId={channelId} />
      <div className={styles.subsection}>
        <h3 className={styles.subheading}>{ts('invite.pendingTitle')}</h3>
        <PendingInvites channelId={channelId} />
      </div>
    </Section>
  );
}
