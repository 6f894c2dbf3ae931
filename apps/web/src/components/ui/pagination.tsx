import { useT } from '../../lib/i18n/i18n';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import styles from './pagination.module.css';

type PaginationProps = {
  /** Zero-based, as the server pages. */
  page: number;
  totalElements: number;
  size: number;
  last: boolean;
  onChange: (page: number) => void;
};

export function Pagination({ page, totalElements, size, last, onChange }: PaginationProps) {
  const t = useT();
  const totalPages = Math.max(1, Math.ceil(totalElements / size));
  if (totalPages <= 1 && page === 0) return null;
  return (
    <nav className={styles.pagination} aria-label={t('pagination.label')}>
      <button
        type="button"
        className={styles.arrow}
        onClick={() => onChange(page - 1)}
        disabled={page <= 0}
        aria-label={t('pagination.previous')}
      >
        <ChevronLeftIcon size={18} />
      </button>
      <span className={styles.status} aria-current="page">
        {t('pagination.status', { page: page + 1, total: totalPages })}
      </span>
      <button
        type="button"
        className={styles.arrow}
        onClick={() => onChange(page + 1)}
        disabled={last}
        aria-label={t('pagination.next')}
      >
        <ChevronRightIcon size={18} />
      </button>
    </nav>
  );
}
