import { useParams } from 'react-router';
import { myChannelsQueryOptions } from '../../features/channels/api/get-my-channels';
import { channelProfileQueryOptions } from '../../features/channel-settings/api/get-channel-profile';
import { channelUserProfileQueryOptions } from '../../features/channel-settings/api/get-channel-user-profile';
import { ChannelProfilePage } from '../../features/channel-settings/components/channel-profile';
import { idParam, type PageModule, settle } from './page-module';

function ChannelProfileRoute() {
  const channelId = idParam(useParams().id);
  return <ChannelProfilePage key={channelId} channelId={channelId} />;
}

export const channelProfilePage: PageModule = {
  Component: ChannelProfileRoute,
  loader:
    (queryClient) =>
    async ({ params }) => {
      const channelId = idParam(params.id);
      // Every member may open it (a stranger's 403 is the route's no-permission screen); only the owner gets the form.
      await queryClient.ensureQueryData(channelUserProfileQueryOptions(channelId));
      return settle(queryClient.ensureQueryData(myChannelsQueryOptions()), queryClient.ensureQueryData(channelProfileQueryOptions(channelId)));
    },
};
