import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { NotificationGroup } from '@studio/contract/enums';
import { Page, Section } from '../../components/ui/page';
import { NotificationCenter, notificationFeedOptions } from '../../features/notifications/components/notification-center';
import { useT } from '../../lib/i18n/i18n';
import { type PageModule, settle } from './page-module';

function groupFrom(value: string | null): NotificationGroup {
  return NotificationGroup.safeParse(value).data ?? 'ALL';
}

/** /profile/alarm. The invite and transfer popups its hash names are opened by the layout, on every page. */
function ProfileAlarmRoute() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const group = groupFrom(searchParams.get('group'));

  return (
    <Page title={t('page.alarm')}>
      <Section flush>
        <NotificationCenter
          group={group}
          onGroupChange={(next) => {
            // Keep the hash: it carries inviteObjectId / transferObjectId for the popups.
            void navigate({ search: next === 'ALL' ? '' : `?group=${next}`, hash }, { preventScrollReset: true });
          }}
        />
      </Section>
    </Page>
  );
}

export const profileAlarmPage: PageModule = {
  Component: ProfileAlarmRoute,
  loader:
    (queryClient) =>
    ({ request }) =>
      settle(queryClient.ensureInfiniteQueryData(notificationFeedOptions(groupFrom(new URL(request.url).searchParams.get('group'))))),
};
