import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { PAGE_SIZE_MANAGEMENT } from '@studio/contract/constants';
import { type ApplicationStatus, ChannelType } from '@studio/contract/enums';
import type { ApplyResult } from '@studio/contract/management';
import { AsyncErrorBlock } from '../../../components/errors/async-error-block';
import { Tag, type TagTone } from '../../../components/ui/badges';
import { Button, buttonClassName } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { DocumentIcon } from '../../../components/ui/icons';
import { Loading } from '../../../components/ui/loading';
import { Pagination } from '../../../components/ui/pagination';
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

type PanelProps = { search: ManagementSearch; update: (next: Partial<ManagementSearch>) => void };

export function ApplyResultsPanel({ search, update }: PanelProps) {
  const t = useChannelManagementT();
  const selectId = useId();
  const list = useQuery(applyResultsQueryOptions({ channelType: search.channelType, page: search.page }));

  let body;
  if (list.isPending) body = <Loading />;
  else if (list.isError) body = <AsyncErrorBlock error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.totalElements === 0 && search.channelType) {
    body = (
      <EmptyState
        compact
        title={t('management.apply.filteredEmpty')}
        action={<Button onClick={() => update({ channelType: null, page: 0 })}>{t('management.apply.allTypes')}</Button>}
      />
    );
  } else if (list.data.totalElements === 0) {
    body = (
      <EmptyState
        icon={<DocumentIcon />}
        title={t('management.apply.empty')}
        description={t('management.apply.emptyDescription')}
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
          {list.data.content.map((result) => (
            <ApplyResultRow key={result.id} result={result} />
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

  // Someone who never applied has nothing to filter.
  const showFilter = search.channelType !== null || !list.isSuccess || list.data.totalElements > 0;
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
            value={search.channelType ?? ''}
            onChange={(event) => {
              const channelType = ChannelType.safeParse(event.target.value);
              update({ channelType: channelType.success ? channelType.data : null, page: 0 });
            }}
          >
            <option value="">{t('management.apply.allTypes')}</option>
            {ChannelType.options.map((type) => (
              <option key={type} value={type}>
                {t(`channelType.${type}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {body}
    </>
  );
}

function ApplyResultRow({ result }: { result: ApplyResult }) {
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
      </div>
    </li>
  );
}
