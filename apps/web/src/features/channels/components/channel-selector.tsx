import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { Dot } from '../../../components/ui/badges';
import { ChannelsIcon, ChevronRightIcon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n/i18n';
import { hasReviewedApplyQueryOptions } from '../api/get-has-reviewed-apply';
import { myChannelsQueryOptions } from '../api/get-my-channels';
import styles from './channel-selector.module.css';

/** 'N managed channels', linking to channel management, with a marker for recently reviewed applications. */
export function ChannelSelector() {
  const t = useT();
  const channels = useQuery(myChannelsQueryOptions());
  const reviewed = useQuery(hasReviewedApplyQueryOptions());
  const count = channels.data?.length;

  let label;
  if (channels.isPending) label = <span className={styles.skeleton} aria-hidden="true" />;
  else if (channels.isError) label = <span className={styles.label}>{t('channelSelector.fallback')}</span>;
  else if (count === 0) label = <span className={`${styles.label} ${styles.empty}`}>{t('channelSelector.empty')}</span>;
  else label = <span className={styles.label}>{t('channelSelector.count', { count: count ?? 0 })}</span>;

  return (
    <NavLink to="/channels/management" className={styles.selector} aria-busy={channels.isPending || undefined}>
      <span className={styles.icon}>
        <ChannelsIcon size={18} />
      </span>
      <span className={styles.text}>
        {label}
      </span>
      {reviewed.data?.hasReviewedApply ? <Dot label={t('channelSelector.reviewedApply')} /> : null}
      <ChevronRightIcon className={styles.chevron} size={18} />
    </NavLink>
  );
}
