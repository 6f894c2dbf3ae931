import { useQuery } from '@tanstack/react-query';
import { BellIcon } from '../../../components/ui/icons';
import { LazyHeaderDropdown } from '../../../components/ui/lazy-header-dropdown';
import dropdown from '../../../components/ui/dropdown.module.css';
import { useT } from '../../../lib/i18n/i18n';
import { unreadCountQueryOptions } from '../api/get-unread-count';
import { useNotificationStream } from '../hooks/use-notification-stream';

const loadAlarmMenu = () => import('./alarm-menu').then((module) => module.AlarmMenu);

/** The header's alarm button with its unread-count marker. */
export function AlarmDropdown() {
  const t = useT();
  const unread = useQuery(unreadCountQueryOptions());
  // The count and the lists follow the server's stream: no polling.
  useNotificationStream(true);
  const count = unread.data?.count ?? 0;

  return (
    <LazyHeaderDropdown
      load={loadAlarmMenu}
      label={count > 0 ? t('alarm.buttonUnread', { count }) : t('alarm.button')}
      trigger={
        <>
          <BellIcon size={22} />
          {/* The number is drawn from an attribute, not text: the button's name (with the count in words) stays the only text a
              screen reader or voice control sees, so name and visible label cannot disagree (WCAG 2.5.3). */}
          {count > 0 ? <span className={dropdown.count} data-count={count > 99 ? '99+' : String(count)} aria-hidden="true" /> : null}
        </>
      }
    />
  );
}
