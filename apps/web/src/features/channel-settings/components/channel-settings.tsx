import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { channelHasHome } from '@studio/contract/channel';
import { AsyncErrorBlock } from '../../../components/errors/async-error-block';
import { buttonClassName } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { Page } from '../../../components/ui/page';
import { isApiError } from '../../../lib/api-error';
import { myChannelsQueryOptions } from '../../channels/api/get-my-channels';
import { channelUserProfileQueryOptions } from '../api/get-channel-user-profile';
import { useChannelSettingsT } from '../messages';
import { ActivityLog } from './activity-log';
import { InviteSection } from './invite-section';
import { MemberList } from './member-list';
import { OwnershipTransfer } from './ownership-transfer';
import styles from './channel-settings.module.css';

type ChannelSettingsProps = {
  channelId: number;
  notFound: ReactNode;
  noPermission: (code: string) => ReactNode;
};

/**
 * Owner only. The role check reads the channel user profile, which every
 * channel type has (the channel detail exists only for channels with a home).
 */
export function ChannelSettings({ channelId, notFound, noPermission }: ChannelSettingsProps) {
  const profile = useQuery(channelUserProfileQueryOptions(channelId));
  if (profile.isPending) return <Loading />;
  if (profile.isError) {
    const status = isApiError(profile.error) ? profile.error.status : 0;
    if (status === 404 || status === 400) return notFound;
    if (status === 403) return noPermission('CHANNEL_ACCESS_DENIED');
    return <AsyncErrorBlock error={profile.error} onRetry={() => void profile.refetch()} />;
  }
  if (!profile.data.isOwner) return noPermission('CHANNEL_OWNER_ONLY');
  return <ChannelSettingsPage channelId={channelId} />;
}

function ChannelSettingsPage({ channelId }: { channelId: number }) {
  const t = useChannelSettingsT();
  // The name comes from the shell's own list (already loaded for the side menu).
  const myChannels = useQuery(myChannelsQueryOptions());
  const channel = myChannels.data?.find((candidate) => candidate.id === channelId);
  const type = channel?.channelInfo.channelType.code;
  const hasHome = type !== undefined && channelHasHome(type);

  return (
    <Page
      title={t('settings.title')}
      description={channel ? <span className={styles.channelName}>{channel.name}</span> : undefined}
      actions={
        hasHome ? (
          <Link to={`/channels/${channelId}`} className={buttonClassName('secondary')}>
            {t('settings.toHome')}
          </Link>
        ) : null
      }
    >
      <div className={styles.grid}>
        <div className={styles.column}>
          <div className={styles.members}>
            <MemberList channelId={channelId} />
          </div>
          <div className={styles.activity}>
            <ActivityLog channelId={channelId} />
          </div>
        </div>
        <div className={styles.column}>
          <div className={styles.invite}>
            <InviteSection channelId={channelId} />
          </div>
          <div className={styles.transfer}>
            <OwnershipTransfer channelId={channelId} />
          </div>
        </div>
      </div>
    </Page>
  );
}
