import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_MANAGEMENT } from '@studio/contract/constants';
import type { PendingInvite } from '@studio/contract/management';
import { AsyncErrorBlock } from '../../../components/errors/async-error-block';
import { Avatar } from '../../../components/ui/avatar';
import { Tag } from '../../../components/ui/badges';
import { EmptyState } from '../../../components/ui/empty-state';
import { ChevronRightIcon, UserIcon } from '../../../components/ui/icons';
import { Loading } from '../../../components/ui/loading';
import { Pagination } from '../../../components/ui/pagination';
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
  const format = useFormat();
  const list = useQuery(pendingInvitesQueryOptions(page));

  if (list.isPending) return <Loading />;
  if (list.isError) return <AsyncErrorBlock error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.totalElements === 0) {
    return <EmptyState icon={<UserIcon />} title={t('management.invite.empty')} description={t('management.invite.emptyDescription')} />;
  }
  return (
    <>
      <ul className={styles.list} aria-busy={list.isPlaceholderData || undefined}>
        {list.data.content.map((invite) => (
          <li key={`${invite.kind}-${invite.id}`}>
            <button type="button" className={`${styles.row} ${styles.rowButton}`} onClick={() => onOpen(invite)} data-invite-kind={invite.kind}>
              <Avatar src={invite.channelProfileImageUrl} name={invite.channelName} size={40} />
              <span className={styles.main}>
                <span className={styles.name} title={invite.channelName}>
                  {invite.channelName}
                </span>
                <span className={styles.meta}>
                  <Tag tone={invite.kind === 'TRANSFER' || invite.role === 'OWNER' ? 'warning' : 'accent'}>
                    {invite.kind === 'TRANSFER'
                      ? t('management.invite.transfer')
                      : t('management.invite.role', { role: t(`memberRole.${invite.role}`) })}
                  </Tag>
                  {invite.fromName ? <span>{t('management.invite.from', { name: invite.fromName })}</span> : null}
                  <span>{format.time(invite)}</span>
                  {invite.expiresAt ? (
                    <span>{t('management.invite.expires', { date: format.date(invite.expiresAt) })}</span>
                  ) : null}
                </span>
              </span>
              <ChevronRightIcon className={styles.chevron} size={18} />
            </button>
          </li>
        ))}
      </ul>
      <Pagination page={list.data.number} size={PAGE_SIZE_MANAGEMENT} totalElements={list.data.totalElements} last={list.data.last} onChange={onPage} />
    </>
  );
}
