import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { CreateOption } from '@studio/contract/enums';
import { createOptionPath } from '@studio/contract/channel-rules';
import { AsyncErrorBlock } from '../../../components/errors/async-error-block';
import { Avatar } from '../../../components/ui/avatar';
import { DocumentIcon, LiveIcon, LoopIcon, PostIcon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n/i18n';
import { creatableChannelsQueryOptions } from '../api/get-creatable-channels';
import styles from './create-menu.module.css';

const optionIcons: Record<CreateOption, typeof DocumentIcon> = {
  CONTENTS: DocumentIcon,
  LOOP_UPLOAD: LoopIcon,
  POST: PostIcon,
  LIVE: LiveIcon,
};

/**
 * The menu stays mounted across pages, so a channel an operator stopped would
 * keep its options until a reload: each navigation reads the list again (one
 * small read), and the menu follows the server's answer.
 */
function useFreshOnNavigation() {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: creatableChannelsQueryOptions().queryKey });
  }, [pathname, queryClient]);
}

/**
 * Create shortcuts per SERVICE channel. The server already applies the
 * flags; the menu shows exactly the options it returns, in its order.
 */
export function CreateMenu() {
  const t = useT();
  const headingId = useId();
  const creatable = useQuery(creatableChannelsQueryOptions());
  useFreshOnNavigation();

  if (creatable.isPending) return null;
  if (creatable.isError) {
    return <AsyncErrorBlock compact error={creatable.error} onRetry={() => void creatable.refetch()} />;
  }
  const channels = creatable.data.filter((channel) => channel.options.length > 0);
  if (channels.length === 0) return null;

  return (
    <nav className={styles.menu} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {t('createMenu.title')}
      </h2>
      <ul className={styles.channels}>
        {channels.map((channel) => (
          <li key={channel.channelId} className={styles.channel} data-channel-name={channel.name}>
            <div className={styles.channelHead}>
              <Avatar src={channel.profileImageUrl} name={channel.name} size={24} />
              <span className={styles.channelName} title={channel.name}>
                {channel.name}
              </span>
            </div>
            <ul className={styles.options} aria-label={channel.name}>
              {channel.options.map((option) => {
                const Icon = optionIcons[option];
                return (
                  <li key={option}>
                    <NavLink to={createOptionPath(option, channel.channelId)} className={styles.option}>
                      <Icon className={styles.optionIcon} size={18} />
                      {t(`createOption.${option}`)}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
    </nav>
  );
}
