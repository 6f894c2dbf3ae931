import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { ShieldIcon, TrendIcon, UserIcon } from '../../components/ui/icons';
import { ChannelSelector } from '../../features/channels/components/channel-selector';
import { CreateMenu } from '../../features/channels/components/create-menu';
import { meQueryOptions } from '../../features/users/api/get-me';
import { useT } from '../../lib/i18n/i18n';
import styles from './side-nav.module.css';

/** Left menu: create menu, channel selector, trend, profile; the operator console for operators only. */
export function SideNav() {
  const t = useT();
  const isOperator = useQuery(meQueryOptions()).data?.isOperator === true;
  return (
    <div className={styles.nav}>
      <CreateMenu />
      <ChannelSelector />
      <nav aria-label={t('layout.mainMenu')}>
        <ul className={styles.links}>
          <li>
            <NavLink to="/trend" className={styles.link}>
              <TrendIcon />
              {t('nav.trend')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/profile/my" className={styles.link}>
              <UserIcon />
              {t('nav.profile')}
            </NavLink>
          </li>
          {isOperator ? (
            <li>
              <NavLink to="/operator" className={styles.link}>
                <ShieldIcon />
                {t('nav.operator')}
              </NavLink>
            </li>
          ) : null}
        </ul>
      </nav>
    </div>
  );
}
