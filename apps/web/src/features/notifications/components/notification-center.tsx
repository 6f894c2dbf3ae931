import { useQuery, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { NotificationGroup } from '@studio/contract/enums';
import { AsyncErrorBlock } from '../../../components/errors/async-error-block';
import { QueryBoundary } from '../../../components/errors/query-boundary';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { BellIcon } from '../../../components/ui/icons';
import { notificationFeedQueryOptions } from '../api/get-notifications';
import { unreadCountQueryOptions } from '../api/get-unread-count';
import { useReadAllNotifications } from '../api/read-all-notifications';
import { useOpenNotification } from '../hooks/use-open-notification';
import { useNotificationsT } from '../messages';
import { NotificationItem } from './notification-item';
import styles from './notification-center.module.css';

export const NOTIFICATION_PAGE_SIZE = 20;

export const notificationFeedOptions = (group: NotificationGroup) => notificationFeedQueryOptions(group, NOTIFICATION_PAGE_SIZE);

type NotificationCenterProps = {
  group: NotificationGroup;
  onGroupChange: (group: NotificationGroup) => void;
};

const emptyKey = { ALL: 'alarm.empty', ADMIN: 'alarm.emptyAdmin', CHANNEL: 'alarm.emptyChannel' } as const;

/** The rows of one group, loading the next slice as the end of the list scrolls into view. */
function NotificationFeed({ group }: { group: NotificationGroup }) {
  const t = useNotificationsT();
  const open = useOpenNotification();
  const feed = useSuspenseInfiniteQuery(notificationFeedOptions(group));
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = feed;
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isFetchingNextPage || isFetchNextPageError || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
    }, { rootMargin: '320px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const items = feed.data.pages.flatMap((page) => page.content);
  if (items.length === 0) return <EmptyState icon={<BellIcon />} title={t(emptyKey[group])} />;
  return (
    <>
      <ul className={styles.list}>
        {items.map((notification) => (
          <li key={notification.id}>
            <button type="button" className={`${styles.row} ${notification.read ? '' : styles.unread}`} onClick={() => void open(notification)}>
              <NotificationItem notification={notification} avatarSize={40} />
            </button>
          </li>
        ))}
      </ul>
      <div ref={sentinel} className={styles.feedEnd}>
        {isFetchNextPageError ? (
          <AsyncErrorBlock compact error={feed.error} onRetry={() => void fetchNextPage()} />
        ) : hasNextPage ? (
          // Scrolling loads by itself; the button is there for keyboards and when nothing scrolls.
          <Button size="small" variant="secondary" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? t('common.loading') : t('alarm.loadMore')}
          </Button>
        ) : (
          <span>{t('alarm.end')}</span>
        )}
      </div>
    </>
  );
}

/** The full notification list: group tabs, mark all read, and a feed that pages as the person scrolls. */
export function NotificationCenter({ group, onGroupChange }: NotificationCenterProps) {
  const t = useNotificationsT();
  const unread = useQuery(unreadCountQueryOptions());
  const readAll = useReadAllNotifications();
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const groups = NotificationGroup.options;
  const unreadCount = unread.data?.count ?? 0;

  const onTabKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const nextIndex = (index + step + groups.length) % groups.length;
    tabRefs.current[nextIndex]?.focus();
    onGroupChange(groups[nextIndex] ?? 'ALL');
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
              onClick={() => onGroupChange(value)}
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
        <QueryBoundary>
          <NotificationFeed group={group} />
        </QueryBoundary>
      </div>
    </>
  );
}
