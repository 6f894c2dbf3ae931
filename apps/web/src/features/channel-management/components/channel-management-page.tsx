import { useQuery } from '@tanstack/react-query';
import type { PendingInvite } from '@studio/contract/management';
import { APPLY_RESULT_COUNT_CAP } from '@studio/contract/management-values';
import { ApplyLink } from '../../../components/ui/apply-link';
import { Page } from '../../../components/ui/page';
import { Tabs } from '../../../components/ui/tabs';
import { type ChannelManagementKey, useChannelManagementT } from '../messages';
import { tabCountQueryOptions } from '../api/get-tab-count';
import { type ManagementTab, managementTabs, useManagementSearch } from '../hooks/use-management-search';
import { ApplyResultsPanel } from './apply-results-panel';
import { MyChannelsPanel } from './my-channels-panel';
import { PendingInvitesCallout } from './pending-invites-callout';
import { PendingInvitesPanel } from './pending-invites-panel';
import styles from './channel-management.module.css';

const tabLabel: Record<ManagementTab, ChannelManagementKey> = {
  channels: 'management.tab.channels',
  apply: 'management.tab.apply',
  invite: 'management.tab.invite',
};

type ChannelManagementPageProps = {
  /** Opening an invitation is the app's to compose (the popups live in their own feature). */
  onOpenInvite: (invite: PendingInvite) => void;
  /** Re-apply from a copy of a rejected application (the route opens the form with it). */
  onReapply: (applicationId: number) => void;
  /** The application being copied, while it is. */
  reapplying: number | null;
};

/** Spec section 2, /channels/management: my channels, apply results and invites, each tab with its count. */
export function ChannelManagementPage({ onOpenInvite, onReapply, reapplying }: ChannelManagementPageProps) {
  const t = useChannelManagementT();
  const [search, update, latest] = useManagementSearch();
  const { data: counts } = useQuery(tabCountQueryOptions());
  const count: Record<ManagementTab, number | undefined> = {
    channels: counts?.channelCount,
    apply: counts?.applyResultCount,
    invite: counts?.inviteCount,
  };

  return (
    <Page
      title={t('page.channelManagement')}
      actions={
        <ApplyLink size="small" />
      }
    >
      {/* A newcomer lands on this tab with nothing in "my channels": what waits for them comes first. */}
      {search.tab === 'channels' ? <PendingInvitesCallout onOpen={onOpenInvite} /> : null}
      <Tabs
        className={styles.card}
        listClassName={styles.tabs}
        tabClassName={styles.tab}
        panelClassName={styles.panel}
        label={t('management.tabsLabel')}
        values={managementTabs}
        value={search.tab}
        onValueChange={(tab) => update({ tab, page: 0 })}
        tab={(tab) => (
          <>
            {t(tabLabel[tab])}
            {count[tab] === undefined ? null : (
              <>
                {' '}
                {/* Applications are counted up to a cap: at it, the count is a floor. */}
                <span className={styles.count}>{tab === 'apply' && count[tab] >= APPLY_RESULT_COUNT_CAP ? `${count[tab]}+` : count[tab]}</span>
              </>
            )}
          </>
        )}
        panel={(tab) =>
          tab === 'channels' ? (
            <MyChannelsPanel search={search} latest={latest} update={update} />
          ) : tab === 'apply' ? (
            <ApplyResultsPanel search={search} latest={latest} update={update} onReapply={onReapply} reapplying={reapplying} />
          ) : (
            <PendingInvitesPanel page={search.page} onPage={(page) => update({ page })} onOpen={onOpenInvite} />
          )
        }
      />
    </Page>
  );
}
