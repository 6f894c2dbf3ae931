import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { NotificationGroup } from '@studio/contract/enums';
import { Page, Section } from '../../components/ui/page';
import { AlarmInvitationPopup } from '../../features/invitations/components/alarm-invitation-popup';
import { notificationsQueryOptions } from '../../features/notifications/api/get-notifications';
import { NOTIFICATION_PAGE_SIZE, NotificationCenter } from '../../features/notifications/components/notification-center';
import { useT } from '../../lib/i18n/i18n';
import { type PageModule, settle } from './page-module';
import { useRefreshAfterInvitation } from './use-invitation-popup';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 0 ? page : 0;
}

function groupFrom(value: string | null): NotificationGroup {
  return NotificationGroup.catch('ALL').parse(value ?? 'ALL');
}

function ProfileAlarmRoute() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const refreshAfterInvitation = useRefreshAfterInvitation();
  const { hash } = useLocation();
  const group = groupFrom(searchParams.get('group'));
  const page = pageFrom(searchParams.get('page'));

  return (
    <Page title={t('page.alarm')}>
      <Section flush>
        <NotificationCenter
          group={group}
          page={page}
          onChange={(next) => {
            const params = new URLSearchParams();
            if (next.group !== 'ALL') params.set('group', next.group);
            if (next.page > 0) params.set('page', String(next.page));
            const search = params.toString();
            // Keep the hash: it carries inviteObjectId / transferObjectId for the popups.
            void navigate({ search: search ? `?${search}` : '', hash }, { preventScrollReset: true });
          }}
        />
      </Section>
      {/* An answered invitation changes the left menu's channels and marks its notification read. */}
      <AlarmInvitationPopup onChanged={refreshAfterInvitation} />
    </Page>
  );
}

export const profileAlarmPage: PageModule = {
  Component: ProfileAlarmRoute,
  loader:
    (queryClient) =>
    ({ request }) => {
      const searchParams = new URL(request.url).searchParams;
      const params = { group: groupFrom(searchParams.get('group')), page: pageFrom(searchParams.get('page')), size: NOTIFICATION_PAGE_SIZE };
      return settle(queryClient.ensureQueryData(notificationsQueryOptions(params)));
    },
};
