import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PAGE_SIZE_LIVE_LIST } from '@studio/contract/constants';
import { LIVE_COUNT_CAP, livePagePath } from '@studio/contract/live';
import { Tag } from '../../../components/ui/badges';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page, Section } from '../../../components/ui/page';
import { Pagination } from '../../../components/ui/pagination';
import { useFormat } from '../../../lib/format/use-format';
import { type LiveListQuery, livesQueryOptions } from '../api/get-lives';
import { useLiveT } from '../messages';
import { liveListPath } from '../utils/live-paths';
import { LiveCreateLayer } from './live-create-layer';
import { liveStatusTone } from './live-detail';
import { StreamKeyManageLayer } from './stream-key-manage-layer';
import styles from './live-detail.module.css';

/** The channel's lives, newest first (spec section 7's list, 30 a page). */
export function liveListQuery(page: number): LiveListQuery {
  return { page, size: PAGE_SIZE_LIVE_LIST, sort: 'createdAt,DESC' };
}

export function livePageParam(searchParams: URLSearchParams): number {
  const page = Number(searchParams.get('page') ?? '0');
  return Number.isInteger(page) && page >= 0 && page <= 100_000 ? page : 0;
}

type LiveListProps = {
  channelId: number;
  channelName: string;
  /** The create menu's live option lands here with 'Start live broadcast' open. */
  creating: boolean;
};

export function LiveList({ channelId, channelName, creating }: LiveListProps) {
  const tl = useLiveT();
  const navigate = useNavigate();
  const [createOpen, setCreateOpen] = useState(creating);
  const [keysOpen, setKeysOpen] = useState(false);

  const onCreateOpenChange = (open: boolean) => {
    setCreateOpen(open);
    // Closing the layer opened by the create menu leaves its address too.
    if (!open && creating) void navigate(liveListPath(channelId), { replace: true });
  };

  return (
    <Page
      title={tl('list.title')}
      description={tl('list.description', { channel: channelName })}
      actions={
        <>
          <Button onClick={() => setKeysOpen(true)}>{tl('list.manageKeys')}</Button>
          <Button variant="primary" onClick={() => setCreateOpen(true)}>
            {tl('list.start')}
          </Button>
        </>
      }
    >
      <LiveRows channelId={channelId} />
      <LiveCreateLayer channelId={channelId} open={createOpen} onOpenChange={onCreateOpenChange} />
      <StreamKeyManageLayer channelId={channelId} open={keysOpen} onOpenChange={setKeysOpen} />
    </Page>
  );
}

function LiveRows({ channelId }: { channelId: number }) {
  const tl = useLiveT();
  const format = useFormat();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = livePageParam(searchParams);
  const { data } = useSuspenseQuery(livesQueryOptions(channelId, liveListQuery(page)));

  if (data.content.length === 0) return <EmptyState title={tl('list.empty')} />;
  return (
    <Section flush>
      <ul className={styles.liveRows}>
        {data.content.map((live) => (
          <li key={live.liveId} className={styles.liveRow}>
            {live.thumbnailUrl ? (
              <img className={styles.rowThumb} src={live.thumbnailUrl} alt="" loading="lazy" />
            ) : (
              <span className={styles.rowThumb} aria-hidden="true" />
            )}
            <span className={styles.rowText}>
              <Link to={livePagePath(channelId, live.liveId)} className={styles.rowTitle}>
                {live.title}
              </Link>
              <span className={styles.otherMeta}>
                <Tag tone={liveStatusTone[live.status]}>{tl(`status.${live.status}`)}</Tag>
                {tl('list.createdAt', { date: format.dateTime(live.createdAt) })}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <Pagination
        page={data.number}
        totalElements={data.totalElements}
        size={data.size}
        last={data.last}
        countCap={LIVE_COUNT_CAP}
        onChange={(next) => setSearchParams(next === 0 ? {} : { page: String(next) })}
      />
    </Section>
  );
}
