import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { createOptionsFor } from '@studio/contract/channel-rules';
import type { ChannelDetail } from '@studio/contract/member';
import { buttonClassName } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { useT } from '../../../lib/i18n/i18n';
import { channelQueryOptions } from '../api/get-channel';
import { useChannelHomeT } from '../messages';
import { ChannelContents } from './channel-contents';
import { ChannelOverview } from './channel-overview';
import { CreateOptions } from './create-options';
import { LeaveChannel } from './leave-channel';
import { SubscriberCountSetting } from './subscriber-count-setting';
import styles from './channel-home.module.css';

/**
 * Channel home. The route's loader has read the channel already; a missing
 * one, or one without a role, is the route error screen's to show.
 */
export function ChannelHome({ channelId }: { channelId: number }) {
  const { data: channel } = useSuspenseQuery(channelQueryOptions(channelId));
  return <ChannelHomePage channel={channel} />;
}

function ChannelHomePage({ channel }: { channel: ChannelDetail }) {
  const t = useT();
  const th = useChannelHomeT();
  const type = channel.channelInfo.channelType.code;
  const isOwner = channel.role === 'OWNER';

  return (
    <Page
      title={channel.name}
      description={th('home.typeAndStatus', {
        type: t(`channelType.${type}`),
        status: t(`channelStatus.${channel.status.code}`),
      })}
      actions={
        <>
          <Link to={`/channels/${channel.id}/insights`} className={buttonClassName('secondary')}>
            {th('home.insights')}
          </Link>
          {/* Every member reads the profile; only the owner edits it (issue 25). */}
          <Link to={`/channels/${channel.id}/profile`} className={buttonClassName('secondary')}>
            {th('home.profile')}
          </Link>
          {isOwner ? (
            <Link to={`/channels/${channel.id}/settings`} className={buttonClassName('secondary')}>
              {th('home.settings')}
            </Link>
          ) : (
            <LeaveChannel channel={channel} />
          )}
        </>
      }
    >
      <div className={styles.grid}>
        <div className={styles.column}>
          <div className={styles.create}>
            <CreateOptions channel={channel} />
          </div>
          <div className={styles.contents}>
            <ChannelContents channelId={channel.id} canCreate={createOptionsFor(channel).length > 0} />
          </div>
        </div>
        <div className={styles.column}>
          <div className={styles.overview}>
            <ChannelOverview channel={channel} />
          </div>
          {/* Spec section 6: subscriber-count settings exist only for media channels. */}
          {type === 'MEDIA_CHANNEL' ? (
            <div className={styles.settings}>
              <SubscriberCountSetting channel={channel} />
            </div>
          ) : null}
        </div>
      </div>
    </Page>
  );
}
