import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCopyApplication } from '../../features/applications/api/copy-application';
import { applyResultsQueryOptions } from '../../features/channel-management/api/get-apply-results';
import { managementChannelsQueryOptions } from '../../features/channel-management/api/get-management-channels';
import { pendingInvitesQueryOptions } from '../../features/channel-management/api/get-pending-invites';
import { tabCountQueryOptions } from '../../features/channel-management/api/get-tab-count';
import { managementKeys } from '../../features/channel-management/api/management-keys';
import { ChannelManagementPage } from '../../features/channel-management/components/channel-management-page';
import { creatableChannelsQueryOptions } from '../../features/channels/api/get-creatable-channels';
import { myChannelsQueryOptions } from '../../features/channels/api/get-my-channels';
import type { InvitationTarget } from '../../features/invitations/api/invitation-target';
import { InvitationPopup } from '../../features/invitations/components/invitation-popup';
import { readManagementSearch, toFiltersParam } from '../../features/channel-management/hooks/use-management-search';
import { type PageModule, settle } from './page-module';

/** /channels/management: the page, with the invite and transfer popups opened from its invites tab. */
function ChannelManagementRoute() {
  const queryClient = useQueryClient();
  const [invitation, setInvitation] = useState<InvitationTarget | null>(null);
  const navigate = useNavigate();
  const copy = useCopyApplication();
  const reapply = (applicationId: number) =>
    copy.mutate(applicationId, {
      onSuccess: (saved) => void navigate(`/apply/form?type=${saved.draft?.channelType ?? 'MEDIA_CHANNEL'}`),
    });

  return (
    <>
      <ChannelManagementPage onOpenInvite={({ kind, id }) => setInvitation({ kind, id })} onReapply={reapply} reapplying={copy.isPending ? (copy.variables ?? null) : null} />
      {invitation ? (
        <InvitationPopup
          key={`${invitation.kind}-${invitation.id}`}
          target={invitation}
          onClose={() => setInvitation(null)}
          onChanged={() => {
            // Counts, lists and the left menu's channels all change with an answered invitation.
            void queryClient.invalidateQueries({ queryKey: managementKeys.all });
            void queryClient.invalidateQueries({ queryKey: myChannelsQueryOptions().queryKey });
            void queryClient.invalidateQueries({ queryKey: creatableChannelsQueryOptions().queryKey });
          }}
        />
      ) : null}
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
