import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { managementKeys } from '../../features/channel-management/api/management-keys';
import { ChannelManagementPage } from '../../features/channel-management/components/channel-management-page';
import { creatableChannelsQueryOptions } from '../../features/channels/api/get-creatable-channels';
import { myChannelsQueryOptions } from '../../features/channels/api/get-my-channels';
import type { InvitationTarget } from '../../features/invitations/api/invitation-target';
import { InvitationPopup } from '../../features/invitations/components/invitation-popup';

/** /channels/management: the page, with the invite and transfer popups opened from its invites tab. */
export function ChannelManagementRoute() {
  const queryClient = useQueryClient();
  const [invitation, setInvitation] = useState<InvitationTarget | null>(null);

  return (
    <>
      <ChannelManagementPage onOpenInvite={({ kind, id }) => setInvitation({ kind, id })} />
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
