import { QueryBoundary } from '../../components/errors/query-boundary';
import { Page, Section } from '../../components/ui/page';
import { ProfileCard } from '../../features/users/components/profile-card';
import { useT } from '../../lib/i18n/i18n';

export function ProfileMyRoute() {
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
