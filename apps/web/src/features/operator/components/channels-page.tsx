import { useState, type FormEvent } from 'react';
import { createOptionsFor } from '@studio/contract/channel';
import { SEARCH_TEXT_MAX } from '@studio/contract/constants';
import { ChannelStatus } from '@studio/contract/enums';
import { OPERATOR_LIST_COUNT_CAP, type OperatorChannel } from '@studio/contract/operator';
import formStyles from '../../../components/form/form.module.css';
import { useLatestSearchParams } from '../../../components/routing/use-latest-search-params';
import { Tag } from '../../../components/ui/badges';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { Section } from '../../../components/ui/page';
import { useT } from '../../../lib/i18n/i18n';
import { operatorChannelsQueryOptions } from '../api/get-operator-channels';
import { useOperatorT } from '../messages';
import { readChannelSearch, toSearchParams } from '../utils/channel-search';
import { ChannelEditDialog } from './channel-edit-dialog';
import { CreateChannelDialog } from './create-channel-dialog';
import styles from './operator.module.css';

const statusTone = (status: string) => (status === 'SERVICE' ? 'success' : status === 'DELETED' || status === 'STOP' ? 'danger' : 'neutral');

function ChannelRow({ channel, onManage }: { channel: OperatorChannel; onManage: () => void }) {
  const t = useT();
  const to = useOperatorT();
  const options = createOptionsFor(channel);
  return (
    <li className={styles.row} data-channel-id={channel.id}>
      <div className={styles.rowMain}>
        <span className={styles.rowTitle}>
          {channel.name}
          <Tag tone={statusTone(channel.status.code)}>{t(`channelStatus.${channel.status.code}`)}</Tag>
          <Tag>{t(`channelType.${channel.channelInfo.channelType.code}`)}</Tag>
        </span>
        <span className={styles.meta}>
          {to('channels.id', { id: channel.id })} ·{' '}
          {channel.owner
            ? to('channels.owner', { name: channel.owner.name, login: channel.owner.login })
            : channel.pendingOwnerInvite
              ? to('channels.ownerInvited', { name: channel.pendingOwnerInvite.name, login: channel.pendingOwnerInvite.login })
              : to('channels.ownerless')}
        </span>
        <span className={styles.meta}>
          {options.length > 0 ? to('channels.createOptions', { options: options.map((option) => t(`createOption.${option}`)).join(', ') }) : to('channels.noCreate')}
        </span>
      </div>
      <div className={styles.rowActions}>
        <Button size="small" onClick={onManage} aria-label={`${to('channels.manage')}: ${channel.name}`}>
          {to('channels.manage')}
        </Button>
      </div>
    </li>
  );
}

/** Channels: search by id or name and status; manage one in a dialog; create an ownerless one. */
export function OperatorChannelsPage() {
  const t = useT();
  const to = useOperatorT();
  const { shown, latest, setSearchParams } = useLatestSearchParams();
  const search = readChannelSearch(shown);
  const [q, setQ] = useState(search.q);
  const [status, setStatus] = useState(search.status);
  const [managing, setManaging] = useState<OperatorChannel | null>(null);
  const [creating, setCreating] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearchParams(toSearchParams({ q: q.trim(), status }));
  };

  return (
    <>
      <form className={styles.filters} onSubmit={submit} role="search">
        <div className={formStyles.field}>
          <label htmlFor="operator-channel-q" className={formStyles.label}>
            {to('channels.searchLabel')}
          </label>
          <input
            id="operator-channel-q"
            className={formStyles.input}
            value={q}
            maxLength={SEARCH_TEXT_MAX}
            placeholder={to('channels.searchPlaceholder')}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <div className={`${formStyles.field} ${styles.narrow}`}>
          <label htmlFor="operator-channel-status" className={formStyles.label}>
            {to('channels.statusFilter')}
          </label>
          <select id="operator-channel-status" className={formStyles.input} value={status} onChange={(event) => setStatus(event.target.value as typeof status)}>
            <option value="">{to('common.all')}</option>
            {ChannelStatus.options.map((option) => (
              <option key={option} value={option}>
                {t(`channelStatus.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.filterActions}>
          <Button type="submit" variant="primary">
            {to('common.search')}
          </Button>
          <Button onClick={() => setCreating(true)}>{to('channels.create')}</Button>
        </div>
      </form>
      <Section flush>
        <PagedList
          query={operatorChannelsQueryOptions(search)}
          countCap={OPERATOR_LIST_COUNT_CAP}
          empty={<EmptyState title={to('channels.empty')} />}
          onPageChange={(page) => setSearchParams(toSearchParams({ ...readChannelSearch(latest), page }))}
        >
          {(channels, busy) => (
            <ul className={`${styles.list} ${busy ? styles.busy : ''}`}>
              {channels.map((channel) => (
                <ChannelRow key={channel.id} channel={channel} onManage={() => setManaging(channel)} />
              ))}
            </ul>
          )}
        </PagedList>
      </Section>
      {managing ? <ChannelEditDialog key={managing.id} channel={managing} onClose={() => setManaging(null)} /> : null}
      {creating ? <CreateChannelDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}
