import { useState } from 'react';
import { PagedList } from '../../../components/ui/paged-list';
import { Section } from '../../../components/ui/page';
import { useT } from '../../../lib/i18n/i18n';
import { channelActivityQueryOptions } from '../api/get-channel-activity';
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

  return (
    <Section flush title={ts('activity.title')}>
      <PagedList
        query={channelActivityQueryOptions(channelId, page)}
        onPageChange={setPage}
        empty={<p className={`${styles.empty} ${styles.row}`}>{ts('activity.empty')}</p>}
      >
        {(entries, busy) => (
          <ol className={styles.rows} aria-label={ts('activity.title')} aria-busy={busy || undefined}>
            {entries.map((entry) => (
              <li key={entry.id} className={styles.row}>
                <div className={styles.person}>
                  <span>{activitySentence(entry, ts, (role) => t(`memberRole.${role}`))}</span>
                  <span className={styles.sub}>{format.time(entry)}</span>
                </div>
              </li>
            ))}
          </ol>
        )}
      </PagedList>
    </Section>
  );
}
