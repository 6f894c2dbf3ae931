import { Link } from 'react-router';
import type { MyChannel } from '@studio/contract/channel';
import { channelHasHome } from '@studio/contract/channel-rules';
import { Avatar } from '../../../components/ui/avatar';
import { Tag } from '../../../components/ui/badges';
import { useT } from '../../../lib/i18n/i18n';
import { ChannelStatusTag } from './channel-status-tag';
import styles from './channel-identity.module.css';

/** Path of a channel's home, or null for types that have none. */
export function channelHomePath(channel: MyChannel): string | null {
  return channelHasHome(channel.channelInfo.channelType.code) ? `/channels/${channel.id}` : null;
}

/**
 * A channel row's avatar, name (a link to its home where it has one), type,
 * status and my role. A fragment, so each list keeps its own row layout.
 */
export function ChannelIdentity({ channel }: { channel: MyChannel }) {
  const t = useT();
  const home = channelHomePath(channel);
  return (
    <>
      <Avatar src={channel.channelInfo.profileImageUrl} name={channel.name} size={40} />
      <div className={styles.main}>
        {home ? (
          <Link to={home} className={styles.name} title={channel.name}>
            {channel.name}
          </Link>
        ) : (
          <span className={styles.name} title={channel.name}>
            {channel.name}
          </span>
        )}
        <div className={styles.tags}>
          <Tag tone="accent">{t(`channelType.${channel.channelInfo.channelType.code}`)}</Tag>
          <ChannelStatusTag status={channel.status.code} />
          <Tag>{t(`memberRole.${channel.role}`)}</Tag>
        </div>
      </div>
    </>
  );
}
