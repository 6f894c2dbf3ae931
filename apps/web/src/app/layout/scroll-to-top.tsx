import { useEffect, useState } from 'react';
import { SCROLL_THROTTLE_MS } from '@studio/contract/constants';
import { ArrowUpIcon } from '../../components/ui/icons';
import { useT } from '../../lib/i18n/i18n';
import { throttle } from '../../utils/throttle';
import styles from './scroll-to-top.module.css';

/** Appears once the page is scrolled; scroll and resize are throttled at 100 ms. */
export function ScrollToTop() {
  const t = useT();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = throttle(() => setVisible(window.scrollY > 0), SCROLL_THROTTLE_MS);
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      update.cancel();
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, []);

  if (!visible) return null;
  const reducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return (
    <button
      type="button"
      className={styles.button}
      aria-label={t('layout.scrollToTop')}
      title={t('layout.scrollToTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: reducedMotion ? 'auto' : 'smooth' })}
    >
      <ArrowUpIcon />
    </button>
  );
}
