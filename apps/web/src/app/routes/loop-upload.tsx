import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { createRefusal } from '@studio/contract/channel';
import { CreateRefused } from '../../components/create-refused/create-refused';
import { channelQueryOptions } from '../../features/channel-home/api/get-channel';
import { loopLimitsQueryOptions } from '../../features/loops/api/get-loop-limits';
import { loopsQueryOptions } from '../../features/loops/api/get-loops';
import { LoopUploadPage } from '../../features/loops/components/loop-upload-page';
import { idParam, type PageModule } from './page-module';

function LoopUploadRoute() {
  const channelId = idParam(useParams().channelId);
  // Read here (and again when the operator changes the channel): a channel whose shorts are off says why instead of offering the picker.
  const { data: channel } = useSuspenseQuery(channelQueryOptions(channelId));
  const refusal = createRefusal(channel, 'LOOP_UPLOAD');
  if (refusal) return <CreateRefused channelId={channelId} option="LOOP_UPLOAD" refusal={refusal} />;
  return <LoopUploadPage key={channelId} channelId={channelId} />;
}

export const loopUploadPage: PageModule = {
  Component: LoopUploadRoute,
  loader:
    (queryClient) =>
    async ({ params }) => {
      const channelId = idParam(params.channelId);
      // A person outside the channel, or a channel without loops, gets the route's error screen (403/404).
      const channel = await queryClient.ensureQueryData(channelQueryOptions(channelId));
      if (createRefusal(channel, 'LOOP_UPLOAD')) return null;
      await queryClient.ensureQueryData(loopLimitsQueryOptions(channelId));
      await queryClient.ensureQueryData(loopsQueryOptions(channelId));
      return null;
    },
};
