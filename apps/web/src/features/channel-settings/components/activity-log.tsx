import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AsyncErrorBlock } from '../../../components/errors/async-error-block';
import { Loading } from '../../../components/ui/loading';
import { Section } from '../../../components/ui/page';
import { Pagination } from '../../../components/ui/pagination';
import { useT } from '../../../lib/i18n/i18n';
import { ACTIVITY_PAGE_SIZE, channelActivityQueryOptions } from '../api/get-channel-activity';
import { useChannelSettingsT } from '../messages';
import { activitySentence } from './activity-sentence';
import styles from './settings.module.css';
import { useFormat } from '../../../lib/format/use-format';

/** Who changed which role, newest first, one sentence each. */
export function ActivityLog({ channelId }: { channelId: number }) {
  const t = useT();
  const ts = useChannelSettingsT();
  const format = useFormat();
  const [page, setPage] = useState(0);
  const activity = useQuery(channelActivityQueryOptions(channelId, page));

  let body;
  if (activity.isPending) body = <Loading />;
  else if (activity.isError) body = <AsyncErrorBlock error={activity.error} onRetry={() => void activity.refetch()} />;
  else if (activity.data.content.length === 0) body = <p className={`${styles.empty} ${styles.row}`}>{ts('activity.empty')}</p>;
  else {
    body = (
      <>
        <ol className={styles.rows} aria-label={ts('activity.title')} aria-busy={activity.isPlaceholderData || undefined}>
          {activity.data.content.map((entry) => (
            <li key={entry.id} className={styles.row}>
              <div className={styles.person}>
                <span>{activitySentence(entry, ts, (role) => t(`memberRole.${role}`))}</span>
                <span className={styles.sub}>{format.time(entry)}</span>
              </div>
            </li>
          ))}
        </ol>
        <Pagination
          page={activity.data.number}
          size={ACTIVITY_PAGE_SIZE}
          totalElements={activity.data.totalElements}
          last={activity.data.last}
          onChange={setPage}
        />
      </>
    );
  }

  return (
    <Section flush title={ts('activity.title')}>
      {body}
    </Section>
  );
}
