import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { type LiveDetail, livePagePath } from '@studio/contract/live';
import { Tag, type TagTone } from '../../../components/ui/badges';
import { buttonClassName } from '../../../components/ui/button';
import { Page, Section } from '../../../components/ui/page';
import { useFormat } from '../../../lib/format/use-format';
import { liveQueryOptions } from '../api/get-live';
import { livesQueryOptions } from '../api/get-lives';
import { useLiveT } from '../messages';
import { liveListPath } from '../utils/live-paths';
import { BrowserBroadcast } from './browser-broadcast';
import { IngestSettings } from './ingest-settings';
import { RestreamTargets } from './restream-targets';
import { LiveActions } from './live-actions';
import { LiveEdit } from './live-edit';
import { LivePlayers } from './live-players';
import { StreamStatePanel } from './stream-state-panel';
import styles from './live-detail.module.css';

export const liveStatusTone: Record<LiveDetail['status'], TagTone> = { READY: 'accent', START: 'danger', END: 'neutral' };

/** Spec section 2: the live detail page. Its loader has read the live; a missing one is the route's not-found screen. */
export function LiveDetailPage({ channelId, liveId }: { channelId: number; liveId: number }) {
  const { data: live } = useSuspenseQuery(liveQueryOptions(channelId, liveId));
  const tl = useLiveT();
  const format = useFormat();

  return (
    <Page
      title={live.title}
      description={
        <span className={styles.titleMeta}>
          <Tag tone={liveStatusTone[live.status]}>{tl(`status.${live.status}`)}</Tag>
          <span>{tl('detail.createdAt', { date: format.dateTime(live.createdAt) })}</span>
          <Link to={liveListPath(channelId)}>{tl('detail.toList')}</Link>
        </span>
      }
      actions={<LiveActions live={live} />}
    >
      <div className={styles.grid}>
        <div className={styles.column}>
          <LivePlayers live={live} />
          {live.status !== 'END' ? <StreamStatePanel channelId={channelId} liveId={liveId} /> : null}
        </div>
        <div className={styles.column}>
          {live.status !== 'END' ? <BrowserBroadcast live={live} /> : null}
          {live.status !== 'END' ? <IngestSettings live={live} /> : null}
          {live.status !== 'END' ? <RestreamTargets live={live} /> : null}
          <LiveEdit live={live} />
          <OtherLives channelId={channelId} liveId={liveId} />
        </div>
      </div>
    </Page>
  );
}

/** Spec section 2: the page links to the channel's other lives. */
function OtherLives({ channelId, liveId }: { channelId: number; liveId: number }) {
  const tl = useLiveT();
  const format = useFormat();
  const lives = useQuery(livesQueryOptions(channelId, { page: 0, size: 6, sort: 'createdAt,DESC' }));
  const others = (lives.data?.content ?? []).filter((live) => live.liveId !== liveId).slice(0, 5);

  return (
    <Section
      title={tl('detail.toList')}
      actions={
        <Link to={liveListPath(channelId)} className={buttonClassName('ghost', 'small')}>
          {tl('list.title')}
        </Link>
      }
    >
      {others.length === 0 ? (
        <p className={styles.hint}>{tl('list.empty')}</p>
      ) : (
        <ul className={styles.otherLives}>
          {others.map((live) => (
            <li key={live.liveId}>
              <Link to={livePagePath(channelId, live.liveId)} className={styles.otherLive}>
                <span className={styles.otherTitle}>{live.title}</span>
                <span className={styles.otherMeta}>
                  <Tag tone={liveStatusTone[live.status]}>{tl(`status.${live.status}`)}</Tag>
                  {format.date(live.createdAt)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
