import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ChannelDetail } from '@studio/contract/member';
import { AsyncErrorBlock } from '../../../components/errors/async-error-block';
import { buttonClassName } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { Page } from '../../../components/ui/page';
import { isApiError } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n/i18n';
import { channelQueryOptions } from '../api/get-channel';
import { useChannelHomeT } from '../messages';
import { ChannelContents } from './channel-contents';
import { ChannelNoPermission } from './channel-no-permission';
import { ChannelOverview } from './channel-overview';
import { CreateOptions } from './create-options';
import { LeaveChannel } from './leave-channel';
import { SubscriberCountSetting } from './subscriber-count-setting';
import styles from './channel-home.module.css';

type ChannelHomeProps = {
  channelId: number;
  /** The app's own not-found page: a missing channel, or one of a type without a home. */
  notFound: ReactNode;
};

/** Channel home: 404 (and 400) read as not found, 403 as no permission, anything else as a retryable failure. */
export function ChannelHome({ channelId, notFound }: ChannelHomeProps) {
  const channel = useQuery(channelQueryOptions(channelId));
  if (channel.isPending) return <Loading />;
  if (channel.isError) {
    const status = isApiError(channel.error) ? channel.error.status : 0;
    if (status === 404 || status === 400) return notFound;
    if (status === 403) return <ChannelNoPermission />;
    return <AsyncErrorBlock error={channel.error} onRetry={() => void channel.refetch()} />;
  }
  return <ChannelHomePage channel={channel.data} />;
}

export function ChannelHomePage({ channel }: { channel: ChannelDetail }) {
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
        isOwner ? (
          <Link to={`/channels/${channel.id}/settings`} className={buttonClassName('secondary')}>
            {th('home.settings')}
          </Link>
        ) : (
          <LeaveChannel channel={channel} />
        )
      }
    >
      <div className={styles.grid}>
        <div className={styles.column}>
          <div className={styles.create}>
            <CreateOptions channel={channel} />
          </div>
          <div className={styles.contents}>
            <ChannelContents channelId={channel.id} />
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
