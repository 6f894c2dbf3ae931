import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { channelHasHome } from '@studio/contract/channel';
import { buttonClassName } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { myChannelsQueryOptions } from '../../channels/api/get-my-channels';
import { useChannelSettingsT } from '../messages';
import { ActivityLog } from './activity-log';
import { InviteSection } from './invite-section';
import { MemberList } from './member-list';
import { OwnershipTransfer } from './ownership-transfer';
import styles from './channel-settings.module.css';

/**
 * Owner only. The route's loader reads the channel user profile (which every
 * channel type has; the channel detail exists only for channels with a home)
 * and turns anything but an owner into the no-permission screen.
 */
export function ChannelSettings({ channelId }: { channelId: number }) {
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
        <>
          <Link to={`/channels/${channelId}/profile`} className={buttonClassName('secondary')}>
            {t('settings.profile')}
          </Link>
          {hasHome ? (
            <Link to={`/channels/${channelId}`} className={buttonClassName('secondary')}>
              {t('settings.toHome')}
            </Link>
          ) : null}
        </>
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
