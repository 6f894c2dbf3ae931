import { useSuspenseQuery } from '@tanstack/react-query';
import { NewMarker, Tag } from '../../../components/ui/badges';
import { useFormat } from '../../../lib/format/use-format';
import { useT } from '../../../lib/i18n/i18n';
import { noticeQueryOptions } from '../api/get-notice';
import styles from './notice-detail.module.css';

export function NoticeDetailView({ contentId }: { contentId: number }) {
  const t = useT();
  const format = useFormat();
  const { data: notice } = useSuspenseQuery(noticeQueryOptions(contentId));
  return (
    <article>
      <h2 className={styles.title}>{notice.title}</h2>
      <div className={styles.meta}>
        {notice.category === 'STUDIO_IMPORTANT' ? <Tag tone="danger">{t('notice.important')}</Tag> : null}
        {notice.isNew ? <NewMarker /> : null}
        <span>{format.date(notice.publishedAt)}</span>
      </div>
      {/* Plain text on purpose: notice bodies are never injected as HTML. */}
      <div className={styles.body}>{notice.body}</div>
    </article>
  );
}
