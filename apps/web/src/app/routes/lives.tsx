import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { createRefusal } from '@studio/contract/channel';
import { CreateRefused } from '../../components/create-refused/create-refused';
import { channelQueryOptions } from '../../features/channel-home/api/get-channel';
import { liveQueryOptions } from '../../features/lives/api/get-live';
import { livesQueryOptions } from '../../features/lives/api/get-lives';
import { LiveDetailPage } from '../../features/lives/components/live-detail';
import { LiveList, liveListQuery, livePageParam } from '../../features/lives/components/live-list';
import { idParam, type PageModule } from './page-module';

/**
 * `/channels/{channelId}/videos/lives[/{liveId}]`: without a live, the
 * channel's lives; `create` (the create menu's live option), the same list
 * with 'Start live broadcast' open; a live id, that live's page. One route
 * entry keeps the first load small (its budget has no room for three).
 */
type LivesTarget = { kind: 'list'; creating: boolean } | { kind: 'live'; liveId: number };

function target(liveParam: string | undefined): LivesTarget {
  if (liveParam === undefined) return { kind: 'list', creating: false };
  if (liveParam === 'create') return { kind: 'list', creating: true };
  return { kind: 'live', liveId: idParam(liveParam) };
}

function LiveListRoute({ channelId, creating }: { channelId: number; creating: boolean }) {
  const { data: channel } = useSuspenseQuery(channelQueryOptions(channelId));
  // The create menu's live option on a channel whose lives are off: the reason instead of the layer (issue 25).
  const refusal = creating ? createRefusal(channel, 'LIVE') : null;
  if (refusal) return <CreateRefused channelId={channelId} option="LIVE" refusal={refusal} />;
  return <LiveList channelId={channelId} channelName={channel.name} creating={creating} />;
}

function LivesRoute() {
  const params = useParams();
  const channelId = idParam(params.channelId);
  const to = target(params.liveId);
  if (to.kind === 'live') return <LiveDetailPage key={`${channelId}/${to.liveId}`} channelId={channelId} liveId={to.liveId} />;
  return <LiveListRoute key={`${channelId}/${String(to.creating)}`} channelId={channelId} creating={to.creating} />;
}

export const livesPage: PageModule = {
  Component: LivesRoute,
  loader:
    (queryClient) =>
    async ({ params, request }) => {
      const channelId = idParam(params.channelId);
      const to = target(params.liveId);
      if (to.kind === 'live') {
        await queryClient.ensureQueryData(liveQueryOptions(channelId, to.liveId));
        return null;
      }
      // The channel decides the screen (not found, no permission); the list is read with it.
      await queryClient.ensureQueryData(channelQueryOptions(channelId));
      await queryClient.ensureQueryData(livesQueryOptions(channelId, liveListQuery(livePageParam(new URL(request.url).searchParams))));
      return null;
    },
};
