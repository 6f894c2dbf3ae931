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
      {/* Rich text from operators: the server keeps only its allow-list (lib/sanitize-html.ts) when the
          notice is written and again when it is served, so what arrives here has no scripts, handlers or
          javascript: links. */}
      <div className={styles.body} dangerouslySetInnerHTML={{ __html: notice.body }} />
    </article>
  );
}
