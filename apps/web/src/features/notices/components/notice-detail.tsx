import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { NewMarker, Tag } from '../../../components/ui/badges';
import { useFormat } from '../../../lib/format/use-format';
import { useNoticesT } from '../messages';
import { noticeQueryOptions } from '../api/get-notice';
import styles from './notice-detail.module.css';

export function NoticeDetailView({ contentId }: { contentId: number }) {
  const t = useNoticesT();
  const format = useFormat();
  const { data: notice } = useSuspenseQuery(noticeQueryOptions(contentId));
  return (
    <article>
      <h2 className={styles.title}>{notice.title}</h2>
      <div className={styles.meta}>
        {notice.category === 'STUDIO_IMPORTANT' ? <Tag tone="danger">{t('notice.important')}</Tag> : null}
        {notice.isNew ? <NewMarker /> : null}
        <time dateTime={notice.publishedAt}>{format.date(notice.publishedAt)}</time>
      </div>
      {/* Rich text the server has put through its allowlist (lib/sanitize-html.ts, on writing and on serving); the CSP stands behind it. */}
      <div className={styles.body} dangerouslySetInnerHTML={{ __html: notice.body }} />
      <nav className={styles.neighbours} aria-label={t('notice.neighbours')}>
        {notice.next ? (
          <Link to={`/notices/${notice.next.contentId}`} className={styles.neighbour}>
            <span className={styles.neighbourLabel}>{t('notice.next')}</span>
            <span className={styles.neighbourTitle}>{notice.next.title}</span>
          </Link>
        ) : null}
        {notice.previous ? (
          <Link to={`/notices/${notice.previous.contentId}`} className={styles.neighbour}>
            <span className={styles.neighbourLabel}>{t('notice.previous')}</span>
            <span className={styles.neighbourTitle}>{notice.previous.title}</span>
          </Link>
        ) : null}
      </nav>
    </article>
  );
}
