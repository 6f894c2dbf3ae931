import { useSuspenseQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/ui/empty-state';
import { useT } from '../../../lib/i18n/i18n';
import { myChannelsQueryOptions } from '../../channels/api/get-my-channels';
import { ChannelIdentity } from '../../channels/components/channel-identity';
import styles from './my-channel-roles.module.css';

/** The channels the person holds a role on, each with that role (owner, manager, credit manager). */
export function MyChannelRoles() {
  const t = useT();
  const { data: channels } = useSuspenseQuery(myChannelsQueryOptions());
  if (channels.length === 0) return <EmptyState title={t('channelSelector.empty')} compact />;
  return (
    <ul className={styles.list}>
      {channels.map((channel) => (
        <li key={channel.id} className={styles.row}>
          <ChannelIdentity channel={channel} />
        </li>
      ))}
    </ul>
  );
}
