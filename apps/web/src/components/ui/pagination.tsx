import { useFormat } from '../../lib/format/use-format';
import { useT } from '../../lib/i18n/i18n';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import styles from './pagination.module.css';

type PaginationProps = {
  /** Zero-based, as the server pages. */
  page: number;
  totalElements: number;
  size: number;
  last: boolean;
  /** The most the server counts for this list's total: at it, the total is a floor ("10,000+"). */
  countCap?: number;
  onChange: (page: number) => void;
};

/**
 * The pages the pager names, and whether more follow beyond them. A total counted up to its cap is a
 * floor: past the pages it makes, the server's `last` still says whether another page follows, so
 * the pager pages on ("501 / 501+") and, at the true end, names it exactly.
 */
function pagerCount({ page, totalElements, size, last, countCap }: Omit<PaginationProps, 'onChange'>): { pages: number; more: boolean } {
  const counted = Math.max(1, Math.ceil(totalElements / size), page + 1);
  const capped = countCap !== undefined && totalElements >= countCap;
  if (!capped) return { pages: counted, more: false };
  return last ? { pages: page + 1, more: false } : { pages: counted, more: true };
}

export function Pagination({ page, totalElements, size, last, countCap, onChange }: PaginationProps) {
  const t = useT();
  const format = useFormat();
  const { pages, more } = pagerCount({ page, totalElements, size, last, countCap });
  if (pages <= 1 && page === 0) return null;
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
      <span className={styles.status} aria-current="page" title={more ? t('pagination.moreFollow') : undefined}>
        {t(more ? 'pagination.statusMore' : 'pagination.status', { page: format.count(page + 1), total: format.count(pages) })}
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
