import { applyResultsQueryOptions } from '../../features/channel-management/api/get-apply-results';
import { managementChannelsQueryOptions } from '../../features/channel-management/api/get-management-channels';
import { pendingInvitesQueryOptions } from '../../features/channel-management/api/get-pending-invites';
import { tabCountQueryOptions } from '../../features/channel-management/api/get-tab-count';
import { ChannelManagementPage } from '../../features/channel-management/components/channel-management-page';
import { readManagementSearch, toFiltersParam } from '../../features/channel-management/hooks/use-management-search';
import { type PageModule, settle } from './page-module';
import { useInvitationPopup } from './use-invitation-popup';

/** /channels/management: the page, with the invite and transfer popups opened from its invites tab. */
function ChannelManagementRoute() {
  const invitation = useInvitationPopup();
  return (
    <>
      <ChannelManagementPage onOpenInvite={invitation.open} />
      {invitation.popup}
    </>
  );
}

export const channelManagementPage: PageModule = {
  Component: ChannelManagementRoute,
  // Only the open tab's page is read; the counts come along.
  loader:
    (queryClient) =>
    ({ request }) => {
      const search = readManagementSearch(new URL(request.url).searchParams);
      const list = {
        channels: () => queryClient.ensureQueryData(managementChannelsQueryOptions({ filters: toFiltersParam(search.filters), page: search.page })),
        apply: () => queryClient.ensureQueryData(applyResultsQueryOptions({ channelType: search.channelType, page: search.page })),
        invite: () => queryClient.ensureQueryData(pendingInvitesQueryOptions(search.page)),
      }[search.tab];
      return settle(queryClient.ensureQueryData(tabCountQueryOptions()), list());
    },
};
