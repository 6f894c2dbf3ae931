import type { PendingInvite } from '@studio/contract/management';
import { Avatar } from '../../../components/ui/avatar';
import { Tag } from '../../../components/ui/badges';
import { EmptyState } from '../../../components/ui/empty-state';
import { ChevronRightIcon, UserIcon } from '../../../components/ui/icons';
import { PagedList } from '../../../components/ui/paged-list';
import { useChannelManagementT } from '../messages';
import { pendingInvitesQueryOptions } from '../api/get-pending-invites';
import styles from './channel-management.module.css';
import { useFormat } from '../../../lib/format/use-format';

type PendingInvitesPanelProps = {
  page: number;
  onPage: (page: number) => void;
  onOpen: (invite: PendingInvite) => void;
};

export function PendingInvitesPanel({ page, onPage, onOpen }: PendingInvitesPanelProps) {
  const t = useChannelManagementT();
  return (
    <PagedList
      query={pendingInvitesQueryOptions(page)}
      onPageChange={onPage}
      empty={<EmptyState icon={<UserIcon />} title={t('management.invite.empty')} description={t('management.invite.emptyDescription')} />}
    >
      {(invites, busy) => (
        <ul className={styles.list} aria-busy={busy || undefined}>
          {invites.map((invite) => (
            <li key={`${invite.kind}-${invite.id}`}>
              <InviteRow invite={invite} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </PagedList>
  );
}

export function InviteRow({ invite, onOpen }: { invite: PendingInvite; onOpen: (invite: PendingInvite) => void }) {
  const t = useChannelManagementT();
  const format = useFormat();
  return (
    <button type="button" className={`${styles.row} ${styles.rowButton}`} onClick={() => onOpen(invite)} data-invite-kind={invite.kind}>
      <Avatar src={invite.channelProfileImageUrl} name={invite.channelName} size={40} />
      <span className={styles.main}>
        <span className={styles.name} title={invite.channelName}>
          {invite.channelName}
        </span>
        <span className={styles.meta}>
          <Tag tone={invite.kind === 'TRANSFER' || invite.role === 'OWNER' ? 'warning' : 'accent'}>
            {invite.kind === 'TRANSFER' ? t('management.invite.transfer') : t('management.invite.role', { role: t(`memberRole.${invite.role}`) })}
          </Tag>
          {invite.fromName ? <span>{t('management.invite.from', { name: invite.fromName })}</span> : null}
          <span>{format.time(invite)}</span>
          {invite.expiresAt ? <span>{t('management.invite.expires', { date: format.date(invite.expiresAt) })}</span> : null}
        </span>
      </span>
      <ChevronRightIcon className={styles.chevron} size={18} />
    </button>
  );
}
