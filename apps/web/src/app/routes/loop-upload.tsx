import { useParams } from 'react-router';
import { loopLimitsQueryOptions } from '../../features/loops/api/get-loop-limits';
import { loopsQueryOptions } from '../../features/loops/api/get-loops';
import { LoopUploadPage } from '../../features/loops/components/loop-upload-page';
import { idParam, type PageModule } from './page-module';

function LoopUploadRoute() {
  const channelId = idParam(useParams().channelId);
  return <LoopUploadPage key={channelId} channelId={channelId} />;
}

export const loopUploadPage: PageModule = {
  Component: LoopUploadRoute,
  loader:
    (queryClient) =>
    async ({ params }) => {
      const channelId = idParam(params.channelId);
      // A person outside the channel, or a channel without loops, gets the route's error screen (403/404).
      await queryClient.ensureQueryData(loopLimitsQueryOptions(channelId));
      await queryClient.ensureQueryData(loopsQueryOptions(channelId));
      return null;
    },
};
