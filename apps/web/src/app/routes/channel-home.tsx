import { useParams } from 'react-router';
import { channelQueryOptions } from '../../features/channel-home/api/get-channel';
import { channelContentsQueryOptions } from '../../features/channel-home/api/get-channel-contents';
import { ChannelHome } from '../../features/channel-home/components/channel-home';
import { parseContentParams } from '../../features/channel-home/hooks/use-content-filters';
import { idParam, type PageModule, settle } from './page-module';

function ChannelHomeRoute() {
  const channelId = idParam(useParams().id);
  // A fresh page per channel: no dialog or switch state carries over from the previous one.
  return <ChannelHome key={channelId} channelId={channelId} />;
}

export const channelHomePage: PageModule = {
  Component: ChannelHomeRoute,
  // The channel decides the screen (not found, no permission); its contents are a section of it.
  loader:
    (queryClient) =>
    async ({ params, request }) => {
      const channelId = idParam(params.id);
      await queryClient.ensureQueryData(channelQueryOptions(channelId));
      const filters = parseContentParams(new URL(request.url).searchParams);
      return settle(queryClient.ensureQueryData(channelContentsQueryOptions(channelId, filters)));
    },
};
