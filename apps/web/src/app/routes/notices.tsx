import { useSearchParams } from 'react-router';
import { QueryBoundary } from '../../components/errors/query-boundary';
import { Page, Section } from '../../components/ui/page';
import { noticesQueryOptions } from '../../features/notices/api/get-notices';
import { ImportantNotices, NOTICE_PAGE_SIZE, NoticeList } from '../../features/notices/components/notice-list';
import { useT } from '../../lib/i18n/i18n';
import { type PageModule, settle } from './page-module';

function noticePage(searchParams: URLSearchParams): number {
  const requested = Number(searchParams.get('page'));
  return Number.isInteger(requested) && requested >= 0 ? requested : 0;
}

function NoticesRoute() {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = noticePage(searchParams);

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

export const noticesPage: PageModule = {
  Component: NoticesRoute,
  loader:
    (queryClient) =>
    ({ request }) => {
      const page = noticePage(new URL(request.url).searchParams);
      return settle(
        queryClient.ensureQueryData(noticesQueryOptions({ category: 'STUDIO', page, size: NOTICE_PAGE_SIZE })),
        page === 0 ? queryClient.ensureQueryData(noticesQueryOptions({ category: 'STUDIO_IMPORTANT', page: 0, size: NOTICE_PAGE_SIZE })) : Promise.resolve(),
      );
    },
};
