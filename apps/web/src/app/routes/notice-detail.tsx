import { Link, useParams } from 'react-router';
import { buttonClassName } from '../../components/ui/button';
import { ChevronLeftIcon } from '../../components/ui/icons';
import { Page, Section } from '../../components/ui/page';
import { NoticeDetailView } from '../../features/notices/components/notice-detail';
import { useT } from '../../lib/i18n/i18n';
import { noticeQueryOptions } from '../../features/notices/api/get-notice';
import { idParam, type PageModule } from './page-module';

function NoticeDetailRoute() {
  const t = useT();
  const contentId = idParam(useParams().contentId);

  return (
    <Page
      title={t('page.notices')}
      actions={
        <Link to="/notices" className={buttonClassName('secondary', 'small')}>
          <ChevronLeftIcon size={16} />
          {t('notice.backToList')}
        </Link>
      }
    >
      <Section>
        <NoticeDetailView contentId={contentId} />
      </Section>
    </Page>
  );
}

export const noticeDetailPage: PageModule = {
  Component: NoticeDetailRoute,
  // The notice is the page: a missing one is the not-found screen.
  loader:
    (queryClient) =>
    async ({ params }) => {
      await queryClient.ensureQueryData(noticeQueryOptions(idParam(params.contentId)));
      return null;
    },
};
