import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MyChannel } from '@studio/contract/channel';
import { buttonClassName } from '../../../components/ui/button';
import { ApplyLink } from '../../../components/ui/apply-link';
import { EmptyState } from '../../../components/ui/empty-state';
import { ChannelsIcon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n/i18n';
import { myChannelsQueryOptions } from '../api/get-my-channels';
import { ChannelIdentity, channelHomePath } from './channel-identity';
import styles from './my-channel-list.module.css';

function ChannelRow({ channel }: { channel: MyChannel }) {
  const t = useT();
  const home = channelHomePath(channel);
  return (
    <li className={styles.row}>
      <ChannelIdentity channel={channel} />
      {home ? (
        <Link to={home} className={buttonClassName('secondary', 'small', styles.action)}>
          {t('myChannels.open')}
        </Link>
      ) : null}
    </li>
  );
}

/** The dashboard's list of channels the person holds a role on. */
export function MyChannelList() {
  const t = useT();
  const { data: channels } = useSuspenseQuery(myChannelsQueryOptions());

  if (channels.length === 0) {
    return (
      <EmptyState
        icon={<ChannelsIcon />}
        title={t('myChannels.emptyTitle')}
        description={t('myChannels.emptyDescription')}
        action={<ApplyLink />}
      />
    );
  }
  return (
    <ul className={styles.list}>
      {channels.map((channel) => (
        <ChannelRow key={channel.id} channel={channel} />
      ))}
    </ul>
  );
}
