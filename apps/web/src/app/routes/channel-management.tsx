import { useNavigate } from 'react-router';
import { useCopyApplication } from '../../features/applications/api/copy-application';
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
  const navigate = useNavigate();
  const copy = useCopyApplication();
  const reapply = (applicationId: number) =>
    copy.mutate(applicationId, {
      onSuccess: (saved) => void navigate(`/apply/form?type=${saved.draft?.channelType ?? 'MEDIA_CHANNEL'}`),
    });
  return (
    <>
      <ChannelManagementPage onOpenInvite={invitation.open} onReapply={reapply} reapplying={copy.isPending ? (copy.variables ?? null) : null} />
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
