import { ChannelHome } from '../../features/channel-home/components/channel-home';
import { NotFoundRoute } from './not-found';
import { useNumericParam } from './use-numeric-param';

export function ChannelHomeRoute() {
  const channelId = useNumericParam('id');
  if (channelId === null) return <NotFoundRoute />;
  // A fresh page per channel: no dialog or switch state carries over from the previous one.
  return <ChannelHome key={channelId} channelId={channelId} notFound={<NotFoundRoute />} />;
}
