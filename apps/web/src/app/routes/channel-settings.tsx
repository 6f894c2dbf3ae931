import { useParams } from 'react-router';
import { ApiError } from '../../lib/api-error';
import { myChannelsQueryOptions } from '../../features/channels/api/get-my-channels';
import { channelActivityQueryOptions } from '../../features/channel-settings/api/get-channel-activity';
import { channelInvitesQueryOptions } from '../../features/channel-settings/api/get-channel-invites';
import { channelTransfersQueryOptions } from '../../features/channel-settings/api/get-channel-transfers';
import { channelUserProfileQueryOptions } from '../../features/channel-settings/api/get-channel-user-profile';
import { membersQueryOptions } from '../../features/channel-settings/api/get-members';
import { ChannelSettings } from '../../features/channel-settings/components/channel-settings';
import { idParam, type PageModule, settle } from './page-module';

function ChannelSettingsRoute() {
  const channelId = idParam(useParams().id);
  return <ChannelSettings key={channelId} channelId={channelId} />;
}

export const channelSettingsPage: PageModule = {
  Component: ChannelSettingsRoute,
  loader:
    (queryClient) =>
    async ({ params }) => {
      const channelId = idParam(params.id);
      // Owner only; the profile exists for every channel type (the channel detail only for those with a home).
      const profile = await queryClient.ensureQueryData(channelUserProfileQueryOptions(channelId));
      if (!profile.isOwner) throw new ApiError({ status: 403, code: 'CHANNEL_OWNER_ONLY', message: '' });
      return settle(
        queryClient.ensureQueryData(myChannelsQueryOptions()),
        queryClient.ensureQueryData(membersQueryOptions(channelId)),
        queryClient.ensureQueryData(channelInvitesQueryOptions(channelId)),
        queryClient.ensureQueryData(channelTransfersQueryOptions(channelId)),
        queryClient.ensureQueryData(channelActivityQueryOptions(channelId, 0)),
      );
    },
};
