import { NavLink } from 'react-router';
import { TrendIcon, UserIcon } from '../../components/ui/icons';
import { ChannelSelector } from '../../features/channels/components/channel-selector';
import { CreateMenu } from '../../features/channels/components/create-menu';
import { useT } from '../../lib/i18n/i18n';
import styles from './side-nav.module.css';

/** Left menu: create menu, channel selector, trend, profile. */
export function SideNav() {
  const t = useT();
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
        </ul>
      </nav>
    </div>
  );
}
