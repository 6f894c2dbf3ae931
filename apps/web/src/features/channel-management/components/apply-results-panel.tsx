import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { CHANNEL_TYPE_VALUES, oneOf } from '@studio/contract/enum-values';
import type { ApplicationStatus } from '@studio/contract/enums';
import type { ApplyResult } from '@studio/contract/management';
import { APPLY_RESULT_COUNT_CAP } from '@studio/contract/management-values';
import { Tag, type TagTone } from '../../../components/ui/badges';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ApplyLink } from '../../../components/ui/apply-link';
import { DocumentIcon } from '../../../components/ui/icons';
import { PagedList } from '../../../components/ui/paged-list';
import { useChannelManagementT } from '../messages';
import { applyResultsQueryOptions } from '../api/get-apply-results';
import type { ManagementSearch } from '../hooks/use-management-search';
import styles from './channel-management.module.css';
import { useFormat } from '../../../lib/format/use-format';

const statusTone: Record<ApplicationStatus, TagTone> = {
  WAIT: 'neutral',
  REVIEW: 'warning',
  APPROVE: 'success',
  REJECT: 'danger',
};

type PanelProps = {
  search: ManagementSearch;
  /** The choice on its way while the next page loads: what the filter controls show. */
  latest: ManagementSearch;
  update: (next: Partial<ManagementSearch>) => void;
  onReapply: (applicationId: number) => void;
  reapplying: number | null;
};

export function ApplyResultsPanel({ search, latest, update, onReapply, reapplying }: PanelProps) {
  const t = useChannelManagementT();
  const selectId = useId();
  const showAll = () => update({ channelType: null, page: 0 });
  const query = applyResultsQueryOptions({ channelType: search.channelType, page: search.page });
  // The filter stays while a page loads or fails; it reads the list's cache without suspending.
  const { data: list } = useQuery(query);
  // Someone who never applied has nothing to filter.
  const showFilter = search.channelType !== null || !list || list.totalElements > 0;
  const empty = search.channelType ? (
    <EmptyState compact title={t('management.apply.filteredEmpty')} action={<Button onClick={showAll}>{t('management.apply.allTypes')}</Button>} />
  ) : (
    <EmptyState icon={<DocumentIcon />} title={t('management.apply.empty')} description={t('management.apply.emptyDescription')} action={<ApplyLink />} />
  );

  return (
    <>
      {showFilter ? (
        <div className={styles.toolbar}>
          <label className={styles.selectLabel} htmlFor={selectId}>
            {t('management.filter.type')}
          </label>
          <select
            id={selectId}
            className={styles.select}
            value={latest.channelType ?? ''}
            onChange={(event) => {
              const channelType = event.target.value;
              update({ channelType: oneOf(CHANNEL_TYPE_VALUES, channelType) ? channelType : null, page: 0 });
            }}
          >
            <option value="">{t('management.apply.allTypes')}</option>
            {CHANNEL_TYPE_VALUES.map((type) => (
              <option key={type} value={type}>
                {t(`channelType.${type}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <PagedList query={query} countCap={APPLY_RESULT_COUNT_CAP} onPageChange={(page) => update({ page })} empty={empty}>
        {(results, busy) => (
          <ul className={styles.list} aria-busy={busy || undefined}>
            {results.map((result) => (
              <ApplyResultRow key={result.id} result={result} onReapply={onReapply} reapplying={reapplying === result.id} />
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}

function ApplyResultRow({ result, onReapply, reapplying }: { result: ApplyResult; onReapply: (id: number) => void; reapplying: boolean }) {
  const t = useChannelManagementT();
  const format = useFormat();
  return (
    <li className={styles.row} data-apply-status={result.status}>
      <div className={styles.main}>
        <div className={styles.titleLine}>
          <span className={styles.name} title={result.channelName}>
            {result.channelName}
          </span>
          <Tag tone={statusTone[result.status]}>{t(`applyStatus.${result.status}`)}</Tag>
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>{t('management.filter.type')}</dt>
            <dd>{t(`channelType.${result.channelType}`)}</dd>
          </div>
          <div>
            <dt>{t('management.apply.applicantKind')}</dt>
            <dd>{t(`applicantKind.${result.applicantKind}`)}</dd>
          </div>
          <div>
            <dt>{t('management.apply.applyType')}</dt>
            <dd>{t(`applyType.${result.applyType}`)}</dd>
          </div>
          <div>
            <dt>{t('management.apply.appliedAt')}</dt>
            <dd>{format.date(result.appliedAt)}</dd>
          </div>
          {result.reviewedAt ? (
            <div>
              <dt>{t('management.apply.reviewedAt')}</dt>
              <dd>{format.date(result.reviewedAt)}</dd>
            </div>
          ) : null}
        </dl>
        {result.status === 'REJECT' && result.rejectReason ? (
          <p className={styles.rejectReason}>
            <strong>{t('management.apply.rejectReason')}</strong> {result.rejectReason}
          </p>
        ) : null}
        {result.timeline.length > 0 ? (
          <details className={styles.timeline}>
            <summary>{t('management.apply.timeline')}</summary>
            <ol>
              {result.timeline.map((event, index) => (
                <li key={`${event.status}-${index}`}>
                  <time dateTime={event.at}>{format.dateTime(event.at)}</time> <span>{t(`management.apply.event.${event.status}`)}</span>
                </li>
              ))}
            </ol>
          </details>
        ) : null}
        {result.status === 'REJECT' ? (
          <div>
            <Button size="small" disabled={reapplying} onClick={() => onReapply(result.id)}>
              {t('management.apply.reapply')}
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
