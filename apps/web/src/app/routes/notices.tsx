import { useSearchParams } from 'react-router';
import { QueryBoundary } from '../../components/errors/query-boundary';
import { Page, Section } from '../../components/ui/page';
import { ImportantNotices, NoticeList } from '../../features/notices/components/notice-list';
import { useT } from '../../lib/i18n/i18n';

export function NoticesRoute() {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = Number(searchParams.get('page'));
  const page = Number.isInteger(requested) && requested >= 0 ? requested : 0;

  return (
    <Page title={t('page.notices')}>
      {page === 0 ? (
        <QueryBoundary>
          <ImportantNotices />
        </QueryBoundary>
      ) : null}
      <Section flush title={t('notice.all')}>
        <QueryBoundary>
          <NoticeList page={page} onPageChange={(next) => setSearchParams(next > 0 ? { page: String(next) } : {})} />
        </QueryBoundary>
      </Section>
    </Page>
  );
}
