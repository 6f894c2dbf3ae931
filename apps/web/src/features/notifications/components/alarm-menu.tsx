import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_NOTIFICATION_DROPDOWN } from '@studio/contract/constants';
import { AsyncErrorBlock } from '../../../components/errors/async-error-block';
import { EmptyState } from '../../../components/ui/empty-state';
import { DropdownMoreItem, HeaderDropdown, type HeaderDropdownProps } from '../../../components/ui/header-dropdown';
import { BellIcon } from '../../../components/ui/icons';
import { Loading } from '../../../components/ui/loading';
import dropdown from '../../../components/ui/dropdown.module.css';
import { useT } from '../../../lib/i18n/i18n';
import { notificationsQueryOptions } from '../api/get-notifications';
import { unreadCountQueryOptions } from '../api/get-unread-count';
import { useReadAllNotifications } from '../api/read-all-notifications';
import { useOpenNotification } from '../hooks/use-open-notification';
import { NotificationItem } from './notification-item';

const latest = { group: 'ALL', page: 0, size: PAGE_SIZE_NOTIFICATION_DROPDOWN } as const;

function LatestNotifications() {
  const t = useT();
  const list = useQuery(notificationsQueryOptions(latest));
  const open = useOpenNotification();

  if (list.isPending) return <Loading />;
  if (list.isError) return <AsyncErrorBlock compact error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.content.length === 0) {
    return <EmptyState compact icon={<BellIcon />} title={t('alarm.empty')} />;
  }
  return (
    <>
      {list.data.content.map((notification) => (
        <DropdownMenu.Item key={notification.id} className={dropdown.item} onSelect={() => void open(notification)}>
          <NotificationItem notification={notification} />
        </DropdownMenu.Item>
      ))}
    </>
  );
}

/** The alarm panel: the 5 latest notifications, mark all as read, more. Loaded on first intent. */
export function AlarmMenu(props: HeaderDropdownProps) {
  const t = useT();
  const unread = useQuery(unreadCountQueryOptions());
  const readAll = useReadAllNotifications();
  // Spec: disabled when the unread count is 0.
  const markAllDisabled = (unread.data?.count ?? 0) === 0 || readAll.isPending;

  return (
    <HeaderDropdown {...props}>
      <div className={dropdown.panelHeader}>
        <DropdownMenu.Label className={dropdown.panelTitle}>{t('alarm.title')}</DropdownMenu.Label>
        <DropdownMenu.Item
          asChild
          disabled={markAllDisabled}
          onSelect={() => readAll.mutate()}
        >
          <button type="button" className={dropdown.textAction} disabled={markAllDisabled}>
            {t('alarm.readAll')}
          </button>
        </DropdownMenu.Item>
      </div>
      <div className={dropdown.panelBody}>
        <LatestNotifications />
      </div>
      <div className={dropdown.panelFooter}>
        <DropdownMoreItem to="/profile/alarm" label={t('common.more')} />
      </div>
    </HeaderDropdown>
  );
}
