import { Link } from 'react-router';
import styles from './period-tabs.module.css';

export type PeriodTab = { key: string; to: string; label: string; current: boolean };

/** The periods a page can be read for (insights, trend), as links that replace the address's query. */
export function PeriodTabs({ label, tabs }: { label: string; tabs: readonly PeriodTab[] }) {
  return (
    <nav className={styles.periods} aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.key} to={tab.to} replace className={styles.period} aria-current={tab.current ? 'page' : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
