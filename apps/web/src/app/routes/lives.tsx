import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { channelQueryOptions } from '../../features/channel-home/api/get-channel';
import { liveQueryOptions } from '../../features/lives/api/get-live';
import { livesQueryOptions } from '../../features/lives/api/get-lives';
import { LiveDetailPage } from '../../features/lives/components/live-detail';
import { LiveList, liveListQuery, livePageParam } from '../../features/lives/components/live-list';
import { idParam, type PageModule, settle } from './page-module';

function LiveListRoute({ creating }: { creating: boolean }) {
  const channelId = idParam(useParams().channelId);
  const { data: channel } = useSuspenseQuery(channelQueryOptions(channelId));
  return <LiveList key={channelId} channelId={channelId} channelName={channel.name} creating={creating} />;
}

const listLoader: PageModule['loader'] =
  (queryClient) =>
  async ({ params, request }) => {
    const channelId = idParam(params.channelId);
    // The channel decides the screen (not found, no permission); the list is read with it.
    await queryClient.ensureQueryData(channelQueryOptions(channelId));
    const page = livePageParam(new URL(request.url).searchParams);
    await queryClient.ensureQueryData(livesQueryOptions(channelId, liveListQuery(page)));
    return null;
  };

/** The channel's lives, with 'Start live broadcast' and 'Manage stream keys'. */
export const liveListPage: PageModule = {
  Component: () => <LiveListRoute creating={false} />,
  loader: listLoader,
};

/** The create menu's live option: the list with 'Start live broadcast' open. */
export const liveCreatePage: PageModule = {
  Component: () => <LiveListRoute creating />,
  loader: listLoader,
};

function LiveDetailRoute() {
  const params = useParams();
  const channelId = idParam(params.channelId);
  const liveId = idParam(params.liveId);
  return <LiveDetailPage key={`${channelId}/${liveId}`} channelId={channelId} liveId={liveId} />;
}

export const liveDetailPage: PageModule = {
  Component: LiveDetailRoute,
  loader:
    (queryClient) =>
    async ({ params }) => {
      const channelId = idParam(params.channelId);
      const liveId = idParam(params.liveId);
      await queryClient.ensureQueryData(liveQueryOptions(channelId, liveId));
      return settle();
    },
};
