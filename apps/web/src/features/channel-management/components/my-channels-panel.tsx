import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MyChannel } from '@studio/contract/channel';
import { Button, buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ApplyLink } from '../../../components/ui/apply-link';
import { ChannelsIcon } from '../../../components/ui/icons';
import { PagedList } from '../../../components/ui/paged-list';
import { useChannelManagementT } from '../messages';
import { managementChannelsQueryOptions } from '../api/get-management-channels';
import { hasFilters, type ManagementSearch, noFilters, toFiltersParam } from '../hooks/use-management-search';
import { ChannelFilters } from './channel-filters';
import { ChannelIdentity, channelHomePath } from '../../channels/components/channel-identity';
import styles from './channel-management.module.css';

type PanelProps = {
  search: ManagementSearch;
  /** The choice on its way while the next page loads: what the filter controls show. */
  latest: ManagementSearch;
  update: (next: Partial<ManagementSearch>) => void;
};

export function MyChannelsPanel({ search, latest, update }: PanelProps) {
  const t = useChannelManagementT();
  const filtered = hasFilters(search.filters);
  const resetFilters = () => update({ filters: noFilters, page: 0 });
  const query = managementChannelsQueryOptions({ filters: toFiltersParam(search.filters), page: search.page });
  // The toolbar stays while a page loads or fails; it reads the list's cache without suspending.
  const { data: list } = useQuery(query);
  // Someone with no channel at all has nothing to filter.
  const showFilters = filtered || !list || list.totalElements > 0;
  const empty = filtered ? (
    <EmptyState compact title={t('management.channels.filteredEmpty')} action={<Button onClick={resetFilters}>{t('management.filter.reset')}</Button>} />
  ) : (
    <EmptyState icon={<ChannelsIcon />} title={t('myChannels.emptyTitle')} description={t('myChannels.emptyDescription')} action={<ApplyLink />} />
  );

  return (
    <>
      {showFilters ? (
        <div className={styles.toolbar}>
          <ChannelFilters filters={latest.filters} onChange={(filters) => update({ filters, page: 0 })} />
          {filtered ? (
            <Button size="small" variant="ghost" onClick={resetFilters}>
              {t('management.filter.reset')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <PagedList query={query} onPageChange={(page) => update({ page })} empty={empty}>
        {(channels, busy) => (
          <ul className={styles.list} aria-busy={busy || undefined}>
            {channels.map((channel) => (
              <ChannelRow key={channel.id} channel={channel} />
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

function ChannelRow({ channel }: { channel: MyChannel }) {
  const t = useChannelManagementT();
  const home = channelHomePath(channel);
  return (
    <li className={styles.row} data-channel-id={channel.id}>
      <ChannelIdentity channel={channel} />
      <div className={styles.rowActions}>
        {channel.role === 'OWNER' ? (
          <Link to={`/channels/${channel.id}/settings`} className={buttonClassName('ghost', 'small')}>
            {t('management.channels.settings')}
          </Link>
        ) : null}
        {home ? (
          <Link to={home} className={buttonClassName('secondary', 'small')}>
            {t('myChannels.open')}
          </Link>
        ) : null}
      </div>
    </li>
  );
}
