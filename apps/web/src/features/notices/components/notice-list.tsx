import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { NOTICE_COUNT_CAP, type Notice } from '@studio/contract/notice';
import { EmptyState } from '../../../components/ui/empty-state';
import { ChevronRightIcon, MegaphoneIcon } from '../../../components/ui/icons';
import { Section } from '../../../components/ui/page';
import { PagedList } from '../../../components/ui/paged-list';
import { useT } from '../../../lib/i18n/i18n';
import { noticesQueryOptions } from '../api/get-notices';
import { NoticeRow } from './notice-row';
import styles from './notice-list.module.css';

export const NOTICE_PAGE_SIZE = 10;

function NoticeLinks({ notices }: { notices: Notice[] }) {
  return (
    <ul className={styles.list}>
      {notices.map((notice) => (
        <li key={notice.contentId}>
          <Link to={`/notices/${notice.contentId}`} className={styles.link}>
            <NoticeRow notice={notice} />
            <ChevronRightIcon className={styles.chevron} size={18} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The important notices' section; nothing at all when there are none. */
export function ImportantNotices() {
  const t = useT();
  const { data } = useSuspenseQuery(noticesQueryOptions({ category: 'STUDIO_IMPORTANT', page: 0, size: NOTICE_PAGE_SIZE }));
  if (data.content.length === 0) return null;
  return (
    <Section flush title={t('notice.importantSection')}>
      <NoticeLinks notices={data.content} />
    </Section>
  );
}

export function NoticeList({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const t = useT();
  return (
    <PagedList
      query={noticesQueryOptions({ category: 'STUDIO', page, size: NOTICE_PAGE_SIZE })}
      countCap={NOTICE_COUNT_CAP}
      onPageChange={onPageChange}
      empty={<EmptyState icon={<MegaphoneIcon />} title={t('notice.empty')} />}
    >
      {(notices) => <NoticeLinks notices={notices} />}
    </PagedList>
  );
}
