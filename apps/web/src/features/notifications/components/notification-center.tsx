import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useRef } from 'react';
import { NotificationGroup } from '@studio/contract/enums';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { BellIcon } from '../../../components/ui/icons';
import { PagedList } from '../../../components/ui/paged-list';
import { useT } from '../../../lib/i18n/i18n';
import { notificationsQueryOptions } from '../api/get-notifications';
import { unreadCountQueryOptions } from '../api/get-unread-count';
import { useReadAllNotifications } from '../api/read-all-notifications';
import { useOpenNotification } from '../hooks/use-open-notification';
import { NotificationItem } from './notification-item';
import styles from './notification-center.module.css';

export const NOTIFICATION_PAGE_SIZE = 20;

type NotificationCenterProps = {
  group: NotificationGroup;
  page: number;
  onChange: (next: { group: NotificationGroup; page: number }) => void;
};

/** The full notification list: group tabs, paging, mark read, mark all read. */
export function NotificationCenter({ group, page, onChange }: NotificationCenterProps) {
  const t = useT();
  const unread = useQuery(unreadCountQueryOptions());
  const readAll = useReadAllNotifications();
  const open = useOpenNotification();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const groups = NotificationGroup.options;
  const unreadCount = unread.data?.count ?? 0;

  const onTabKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const nextIndex = (index + step + groups.length) % groups.length;
    tabRefs.current[nextIndex]?.focus();
    onChange({ group: groups[nextIndex] ?? 'ALL', page: 0 });
  };

  return (
    <>
      <div className={styles.toolbar}>
        <div className={styles.tabs} role="tablist" aria-label={t('alarm.groupsLabel')}>
          {groups.map((value, index) => (
            <button
              key={value}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`alarm-tab-${value}`}
              aria-selected={value === group}
              aria-controls="alarm-panel"
              tabIndex={value === group ? 0 : -1}
              className={styles.tab}
              onClick={() => onChange({ group: value, page: 0 })}
              onKeyDown={(event) => onTabKeyDown(event, index)}
            >
              {t(`alarm.group.${value}`)}
            </button>
          ))}
        </div>
        <div className={styles.toolbarActions}>
          <span>{t('alarm.unreadCount', { count: unreadCount })}</span>
          <Button size="small" disabled={unreadCount === 0 || readAll.isPending} onClick={() => readAll.mutate()}>
            {t('alarm.readAll')}
          </Button>
        </div>
      </div>
      <div id="alarm-panel" role="tabpanel" aria-labelledby={`alarm-tab-${group}`}>
        <PagedList
          query={notificationsQueryOptions({ group, page, size: NOTIFICATION_PAGE_SIZE })}
          onPageChange={(nextPage) => onChange({ group, page: nextPage })}
          empty={<EmptyState icon={<BellIcon />} title={t('alarm.empty')} />}
        >
          {(notifications, busy) => (
            <ul className={styles.list} aria-busy={busy || undefined}>
              {notifications.map((notification) => (
                <li key={notification.id}>
                  <button
                    type="button"
                    className={`${styles.row} ${notification.read ? '' : styles.unread}`}
                    onClick={() => void open(notification)}
                  >
                    <NotificationItem notification={notification} avatarSize={40} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </PagedList>
      </div>
    </>
  );
}
