import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { MyChannel } from '@studio/contract/channel';
import { PAGE_SIZE_MANAGEMENT } from '@studio/contract/constants';
import { AsyncErrorBlock } from '../../../components/errors/async-error-block';
import { Button, buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ChannelsIcon } from '../../../components/ui/icons';
import { Loading } from '../../../components/ui/loading';
import { Pagination } from '../../../components/ui/pagination';
import { useChannelManagementT } from '../messages';
import { managementChannelsQueryOptions } from '../api/get-management-channels';
import { hasFilters, type ManagementSearch, noFilters, toFiltersParam } from '../hooks/use-management-search';
import { ChannelFilters } from './channel-filters';
import { ChannelIdentity, channelHomePath } from '../../channels/components/channel-identity';
import styles from './channel-management.module.css';

type PanelProps = { search: ManagementSearch; update: (next: Partial<ManagementSearch>) => void };

export function MyChannelsPanel({ search, update }: PanelProps) {
  const t = useChannelManagementT();
  const filtered = hasFilters(search.filters);
  const list = useQuery(managementChannelsQueryOptions({ filters: toFiltersParam(search.filters), page: search.page }));
  const resetFilters = () => update({ filters: noFilters, page: 0 });

  let body;
  if (list.isPending) body = <Loading />;
  else if (list.isError) body = <AsyncErrorBlock error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.totalElements === 0 && filtered) {
    body = (
      <EmptyState
        compact
        title={t('management.channels.filteredEmpty')}
        action={<Button onClick={resetFilters}>{t('management.filter.reset')}</Button>}
      />
    );
  } else if (list.data.totalElements === 0) {
    body = (
      <EmptyState
        icon={<ChannelsIcon />}
        title={t('myChannels.emptyTitle')}
        description={t('myChannels.emptyDescription')}
        action={
          <Link to="/apply/content-type-select" className={buttonClassName('primary')}>
            {t('header.apply')}
          </Link>
        }
      />
    );
  } else {
    body = (
      <>
        <ul className={styles.list} aria-busy={list.isPlaceholderData || undefined}>
          {list.data.content.map((channel) => (
            <ChannelRow key={channel.id} channel={channel} />
          ))}
        </ul>
        <Pagination
          page={list.data.number}
          size={PAGE_SIZE_MANAGEMENT}
          totalElements={list.data.totalElements}
          last={list.data.last}
          onChange={(page) => update({ page })}
        />
      </>
    );
  }

  // Someone with no channel at all has nothing to filter.
  const showFilters = filtered || !list.isSuccess || list.data.totalElements > 0;
  return (
    <>
      {showFilters ? (
        <div className={styles.toolbar}>
          <ChannelFilters filters={search.filters} onChange={(filters) => update({ filters, page: 0 })} />
          {filtered ? (
            <Button size="small" variant="ghost" onClick={resetFilters}>
              {t('management.filter.reset')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {body}
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
