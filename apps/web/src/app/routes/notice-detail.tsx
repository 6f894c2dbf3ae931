import { Link } from 'react-router';
import { QueryBoundary } from '../../components/errors/query-boundary';
import { buttonClassName } from '../../components/ui/button';
import { ChevronLeftIcon } from '../../components/ui/icons';
import { Page, Section } from '../../components/ui/page';
import { NoticeDetailView } from '../../features/notices/components/notice-detail';
import { useT } from '../../lib/i18n/i18n';
import { NotFoundRoute } from './not-found';
import { useNumericParam } from './use-numeric-param';

export function NoticeDetailRoute() {
  const t = useT();
  const contentId = useNumericParam('contentId');
  if (contentId === null) return <NotFoundRoute />;

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
        <QueryBoundary>
          <NoticeDetailView contentId={contentId} />
        </QueryBoundary>
      </Section>
    </Page>
  );
}
