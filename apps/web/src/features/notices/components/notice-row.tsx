import type { Notice } from '@studio/contract/notice';
import { NewMarker, Tag } from '../../../components/ui/badges';
import { useFormat } from '../../../lib/format/use-format';
import { useT } from '../../../lib/i18n/i18n';
import styles from './notice-row.module.css';

/** One notice's content: important tag, title, new-marker and time. */
export function NoticeRow({ notice }: { notice: Notice }) {
  const t = useT();
  const format = useFormat();
  const important = notice.category === 'STUDIO_IMPORTANT';
  return (
    <div className={`${styles.row} ${important ? styles.important : ''}`}>
      <div className={styles.body}>
        <div className={styles.titleLine}>
          {important ? <Tag tone="danger">{t('notice.important')}</Tag> : null}
          <span className={styles.title} title={notice.title} data-notice-title>
            {notice.title}
          </span>
          {notice.isNew ? <NewMarker /> : null}
        </div>
        <span className={styles.time}>{format.date(notice.publishedAt)}</span>
      </div>
    </div>
  );
}
