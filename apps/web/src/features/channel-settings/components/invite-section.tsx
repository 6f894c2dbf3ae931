import { useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { CreateInviteBody, InvitableRole } from '@studio/contract/member';
import { QueryBoundary } from '../../../components/errors/query-boundary';
import { formResolver } from '../../../components/form/form-resolver';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { Tag } from '../../../components/ui/badges';
import { Button } from '../../../components/ui/button';
import { Section } from '../../../components/ui/page';
import { errorMessage } from '../../../lib/error-message';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toast';
import { useCancelInvite } from '../api/cancel-invite';
import { useCreateInvite } from '../api/create-invite';
import { channelInvitesQueryOptions } from '../api/get-channel-invites';
import { useChannelSettingsT } from '../messages';
import { roleTone } from './member-list';
import styles from './settings.module.css';
import { useFormat } from '../../../lib/format/use-format';

function InviteForm({ channelId }: { channelId: number }) {
  const t = useT();
  const ts = useChannelSettingsT();
  const locale = useLocale();
  const roleId = useId();
  const form = useForm({ resolver: formResolver(CreateInviteBody), defaultValues: { login: '', role: InvitableRole.enum.MANAGER } });
  const create = useCreateInvite(channelId);

  const submit = form.handleSubmit((input) => {
    create.mutate(input, {
      onSuccess: (result) => {
        if (!result.ok) {
          // The server's refusal is about the login typed: shown under it like a validation message.
          form.setError('login', { type: 'server', message: errorMessage(result.error, locale) }, { shouldFocus: true });
          return;
        }
        form.reset({ login: '', role: input.role });
        showToast(ts('invite.sent', { login: input.login }));
      },
    });
  });

  return (
    <form className={formStyles.form} onSubmit={(event) => void submit(event)} noValidate>
      <div className={formStyles.fields}>
        <TextField
          label={ts('invite.login')}
          placeholder={ts('invite.loginPlaceholder')}
          maxLength={100}
          registration={form.register('login')}
          error={form.formState.errors.login}
        />
        <div className={`${formStyles.field} ${formStyles.narrow}`}>
          <label htmlFor={roleId} className={formStyles.label}>
            {ts('invite.role')}
          </label>
          <select id={roleId} className={formStyles.input} {...form.register('role')}>
            {InvitableRole.options.map((option) => (
              <option key={option} value={option}>
                {t(`memberRole.${option}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <Button type="submit" variant="primary" className={formStyles.submit} disabled={create.isPending}>
        {ts('invite.submit')}
      </Button>
    </form>
  );
}

function PendingInvites({ channelId }: { channelId: number }) {
  const t = useT();
  const ts = useChannelSettingsT();
  const format = useFormat();
  const { data: invites } = useSuspenseQuery(channelInvitesQueryOptions(channelId));
  const cancel = useCancelInvite(channelId);

  if (invites.length === 0) return <p className={styles.empty}>{ts('invite.pendingEmpty')}</p>;
  return (
    <ul className={`${styles.rows} ${styles.compactRows}`} aria-label={ts('invite.pendingTitle')}>
      {invites.map((invite) => (
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
        <QueryBoundary compact>
          <PendingInvites channelId={channelId} />
        </QueryBoundary>
      </div>
    </Section>
  );
}
