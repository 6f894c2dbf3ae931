import { QueryBoundary } from '../../components/errors/query-boundary';
import { Page, Section } from '../../components/ui/page';
import { ProfileCard } from '../../features/users/components/profile-card';
import { meQueryOptions } from '../../features/users/api/get-me';
import { useT } from '../../lib/i18n/i18n';
import { type PageModule, settle } from './page-module';

function ProfileMyRoute() {
  const t = useT();
  return (
    <Page title={t('page.profile')}>
      <Section>
        <QueryBoundary>
          <ProfileCard />
        </QueryBoundary>
      </Section>
    </Page>
  );
}

export const profileMyPage: PageModule = {
  Component: ProfileMyRoute,
  loader: (queryClient) => () => settle(queryClient.ensureQueryData(meQueryOptions())),
};
