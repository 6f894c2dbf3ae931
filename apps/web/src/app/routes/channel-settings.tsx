import { ChannelNoPermission } from '../../features/channel-home/components/channel-no-permission';
import { ChannelSettings } from '../../features/channel-settings/components/channel-settings';
import { NotFoundRoute } from './not-found';
import { useNumericParam } from './use-numeric-param';

export function ChannelSettingsRoute() {
  const channelId = useNumericParam('id');
  if (channelId === null) return <NotFoundRoute />;
  return (
    <ChannelSettings
      key={channelId}
      channelId={channelId}
      notFound={<NotFoundRoute />}
      noPermission={(code) => <ChannelNoPermission code={code} />}
    />
  );
}
