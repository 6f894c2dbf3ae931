import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/i18n';
import styles from './badges.module.css';

/** The 'N' marker on new notices. */
export function NewMarker() {
  const t = useT();
  return (
    <span className={styles.newMarker} title={t('common.new')}>
      <span aria-hidden="true">N</span>
      <span className="visually-hidden">{t('common.new')}</span>
    </span>
  );
}

/** A small dot for 'something new here'; the label is for screen readers. */
export function Dot({ label }: { label: string }) {
  return (
    <span className={styles.dot} role="img" aria-label={label} title={label} />
  );
}

export type TagTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

const toneClass: Record<TagTone, string | undefined> = {
  neutral: undefined,
  accent: styles.tagAccent,
  success: styles.tagSuccess,
  warning: styles.tagWarning,
  danger: styles.tagDanger,
};

export function Tag({ tone = 'neutral', children }: { tone?: TagTone; children: ReactNode }) {
  return <span className={[styles.tag, toneClass[tone]].filter(Boolean).join(' ')}>{children}</span>;
}
