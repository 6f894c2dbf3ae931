import { useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { NewMarker, Tag } from '../../../components/ui/badges';
import { Page, Section } from '../../../components/ui/page';
import { useT } from '../../../lib/i18n/i18n';
import { noticeQueryOptions } from '../api/get-notice';
import styles from './notice-detail.module.css';

export function NoticeDetailView({ contentId, backLink }: { contentId: number; backLink: ReactNode }) {
  const t = useT();
  const { data: notice } = useSuspenseQuery(noticeQueryOptions(contentId));
  return (
    <Page title={notice.title} actions={backLink}>
      <Section>
        <div className={styles.meta}>
          {notice.category === 'STUDIO_IMPORTANT' ? <Tag tone="danger">{t('notice.important')}</Tag> : null}
          {notice.isNew ? <NewMarker /> : null}
          <span>{notice.timeString}</span>
        </div>
        {/* Plain text on purpose: notice bodies are never injected as HTML. */}
        <div className={styles.body}>{notice.body}</div>
      </Section>
    </Page>
  );
}
