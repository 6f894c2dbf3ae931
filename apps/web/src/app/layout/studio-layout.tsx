import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { Loading } from '../../components/ui/loading';
import { useRecordHistoryOnce } from '../../features/history/api/record-history';
import { applyKeptLanguage } from '../../features/users/api/my-language';
import { useT } from '../../lib/i18n/i18n';
import { Header } from './header';
import { InvitationPopupHost } from './invitation-popup-host';
import { SideNav } from './side-nav';
import styles from './studio-layout.module.css';
import { MENU_BUTTON_ID } from './menu-button-id';

// Below the fold and after the first scroll: they arrive just after the first paint, outside the first load's budget.
const Footer = lazy(async () => ({ default: (await import('./footer')).Footer }));
const ScrollToTop = lazy(async () => ({ default: (await import('./scroll-to-top')).ScrollToTop }));

/** Spec section 2 "Shared layout": header, left menu, content, footer, scroll-to-top. */
export function StudioLayout() {
  const t = useT();
  const location = useLocation();
  // A page's loader is reading: the current page stays until the next is ready.
  const navigating = useNavigation().state === 'loading';
  const [navOpen, setNavOpen] = useState(false);
  const [lastPath, setLastPath] = useState(location.pathname);
  const sidebarRef = useRef<HTMLElement>(null);
  useRecordHistoryOnce();
  // Issue 23, point 6: the language kept with the person follows them to this browser.
  useEffect(() => {
    void applyKeptLanguage();
  }, []);

  // The narrow-screen menu closes whenever the page changes.
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setNavOpen(false);
  }

  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [location.pathname]);

  // The phone's side menu takes focus when it opens and closes on Escape, handing focus back to its button.
  useEffect(() => {
    if (!navOpen) return;
    const sidebar = sidebarRef.current;
    sidebar?.querySelector<HTMLElement>('a[href], button:not(:disabled)')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setNavOpen(false);
      document.getElementById(MENU_BUTTON_ID)?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navOpen]);

  return (
    <div className={styles.shell}>
      <a href="#studio-main" className="visually-hidden">
        {t('layout.skipToContent')}
      </a>
      <div className={styles.header}>
        <Header navOpen={navOpen} onToggleNav={() => setNavOpen((open) => !open)} />
      </div>
      <aside
        ref={sidebarRef}
        id="studio-sidebar"
        className={`${styles.sidebar} ${navOpen ? styles.sidebarOpen : ''}`}
        aria-label={t('layout.sidebar')}
      >
        <SideNav />
      </aside>
      {navOpen ? (
        <button type="button" className={styles.scrim} aria-label={t('layout.closeMenu')} onClick={() => setNavOpen(false)} />
      ) : null}
      <div className={styles.column}>
        <main id="studio-main" className={styles.main} tabIndex={-1} aria-busy={navigating || undefined}>
          {/* A page whose data its loader did not wait for (a section failed before) suspends here. */}
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </div>
      <Suspense fallback={null}>
        <ScrollToTop />
      </Suspense>
      <InvitationPopupHost />
    </div>
  );
}
