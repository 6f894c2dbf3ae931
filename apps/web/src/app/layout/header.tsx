import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { buttonClassName } from '../../components/ui/button';
import { AlertIcon, MenuIcon, PlusIcon, StudioMark } from '../../components/ui/icons';
import { AlarmDropdown } from '../../features/notifications/components/alarm-dropdown';
import { NoticeDropdown } from '../../features/notices/components/notice-dropdown';
import { meQueryOptions } from '../../features/users/api/get-me';
import { errorMessage } from '../../lib/error-message';
import { isUnauthorized } from '../../lib/handle-error';
import { useT } from '../../lib/i18n/i18n';
import styles from './header.module.css';
import { MENU_BUTTON_ID } from './menu-button-id';

type HeaderProps = { navOpen: boolean; onToggleNav: () => void };

export function Header({ navOpen, onToggleNav }: HeaderProps) {
  const t = useT();
  const me = useQuery(meQueryOptions());
  // Spec: the notice and alarm buttons show only for studio users.
  const isUser = me.data?.isUser === true;

  return (
    <header className={styles.header}>
      <button
        id={MENU_BUTTON_ID}
        type="button"
        className={styles.menuButton}
        aria-label={t('layout.openMenu')}
        aria-expanded={navOpen}
        aria-controls="studio-sidebar"
        onClick={onToggleNav}
      >
        <MenuIcon />
      </button>
      <Link to="/" className={styles.logo} aria-label={t('header.home')}>
        <StudioMark />
        <span className={styles.logoText}>{t('app.name')}</span>
      </Link>
      <div className={styles.spacer} />
      <div className={styles.actions}>
        {/* Without /api/me the header cannot tell which buttons are the person's: say so instead of dropping them silently. */}
        {me.isError && !isUnauthorized(me.error) ? (
          <div role="alert" className={styles.meError}>
            <AlertIcon size={18} />
            <span className={styles.meErrorText}>{errorMessage(me.error)}</span>
            <button type="button" className={buttonClassName('secondary', 'small')} onClick={() => void me.refetch()} disabled={me.isFetching}>
              {t('common.retry')}
            </button>
          </div>
        ) : null}
        {isUser ? <NoticeDropdown /> : null}
        <Link to="/apply/content-type-select" className={buttonClassName('secondary', 'small', styles.apply)}>
          <PlusIcon size={16} />
          <span className={styles.applyText}>{t('header.apply')}</span>
          {/* A phone has room for one word beside the +: it says what the + does (the full text stays the name). */}
          <span className={styles.applyShort} aria-hidden="true">
            {t('header.applyShort')}
          </span>
        </Link>
        {isUser ? <AlarmDropdown /> : null}
        {me.data ? (
          <Link to="/profile/my" className={styles.profile} aria-label={t('header.profile', { name: me.data.name })}>
            <Avatar src={me.data.profileImageUrl} name={me.data.name} size={32} />
          </Link>
        ) : null}
      </div>
    </header>
  );
}
