import { ChevronRightIcon } from '../../../components/ui/icons';
import styles from './channel-contents.module.css';

/** What a filter's button shows, the same before and after its menu has loaded. */
export function FilterTriggerFace({ label, count }: { label: string; count: number }) {
  return (
    <>
      {label}
      {count > 0 ? <span className={styles.filterCount}>{count}</span> : null}
      <ChevronRightIcon size={14} className={styles.filterChevron} />
    </>
  );
}
