import { useT } from '../../lib/i18n/i18n';
import styles from './feedback.module.css';

export function Loading({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className={styles.loading} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}
