import { NavLink, Outlet } from 'react-router';
import { Page } from '../../../components/ui/page';
import { type OperatorMessageKey, useOperatorT } from '../messages';
import styles from './operator.module.css';

/** The console's tabs; applications first (its pages are the applications module's). */
const TABS: { to: string; label: OperatorMessageKey }[] = [
  { to: '/operator/applications', label: 'tab.applications' },
  { to: '/operator/channels', label: 'tab.channels' },
  { to: '/operator/notices', label: 'tab.notices' },
  { to: '/operator/notifications', label: 'tab.notifications' },
  { to: '/operator/audit', label: 'tab.audit' },
];

export function OperatorLayout() {
  const t = useOperatorT();
  return (
    <Page title={t('console.title')} description={t('console.description')}>
      <nav aria-label={t('console.tabs')} className={styles.tabs}>
        {TABS.map((tab) => (
          <NavLink key={tab.to} to={tab.to} className={styles.tab}>
            {t(tab.label)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </Page>
  );
}
