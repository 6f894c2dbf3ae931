import { useId, useState } from 'react';
import { APPLICATION_QUEUE_COUNT_CAP, ApplicationAge, ApplyChannelType, type OperatorApplication } from '@studio/contract/application';
import { ApplicantKind, ApplicationStatus } from '@studio/contract/enums';
import { Tag, type TagTone } from '../../../components/ui/badges';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Page } from '../../../components/ui/page';
import { PagedList } from '../../../components/ui/paged-list';
import { useFormat } from '../../../lib/format/use-format';
import { showToast } from '../../../lib/toast';
import type { QueueParams } from '../api/application-keys';
import { type Decision, useDecideApplication } from '../api/decide-application';
import { operatorApplicationsQueryOptions } from '../api/get-operator-applications';
import { useQueueSearch } from '../hooks/use-queue-search';
import { useApplicationsT } from '../messages';
import { ApplicationTimeline } from './application-timeline';
import { ApproveDialog, RejectDialog } from './decision-dialogs';
import styles from './queue.module.css';
import cardStyles from '../../../components/ui/page.module.css';

const statusTone: Record<ApplicationStatus, TagTone> = { WAIT: 'neutral', REVIEW: 'warning', APPROVE: 'success', REJECT: 'danger' };

type Open = { kind: 'approve' | 'reject'; application: OperatorApplication } | null;

function FilterSelect<V extends string>({ label, value, options, optionLabel, onChange }: { label: string; value: V | undefined; options: readonly V[]; optionLabel: (value: V) => string; onChange: (value: V | undefined) => void }) {
  const t = useApplicationsT();
  const id = useId();
  return (
    <div className={styles.filter}>
      <label htmlFor={id} className={styles.filterLabel}>
        {label}
      </label>
      <select id={id} className={styles.select} value={value ?? ''} onChange={(event) => onChange((options as readonly string[]).includes(event.target.value) ? (event.target.value as V) : undefined)}>
        <option value="">{t('queue.filter.all')}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}

function Filters({ chosen, update }: { chosen: QueueParams; update: (next: Partial<QueueParams>) => void }) {
  const t = useApplicationsT();
  return (
    <div className={styles.toolbar} role="group" aria-label={t('queue.title')}>
      <FilterSelect label={t('queue.filter.status')} value={chosen.status} options={ApplicationStatus.options} optionLabel={(value) => t(`applyStatus.${value}`)} onChange={(status) => update({ status, page: 0 })} />
      <FilterSelect label={t('queue.filter.channelType')} value={chosen.channelType} options={ApplyChannelType.options} optionLabel={(value) => t(`channelType.${value}`)} onChange={(channelType) => update({ channelType, page: 0 })} />
      <FilterSelect label={t('queue.filter.applicantKind')} value={chosen.applicantKind} options={ApplicantKind.options} optionLabel={(value) => t(`applicantKind.${value}`)} onChange={(applicantKind) => update({ applicantKind, page: 0 })} />
      <FilterSelect label={t('queue.filter.age')} value={chosen.age} options={ApplicationAge.options} optionLabel={(value) => t(`queue.age.${value}`)} onChange={(age) => update({ age, page: 0 })} />
    </div>
  );
}

function QueueRow({ application, busy, onDecide, onOpen }: { application: OperatorApplication; busy: boolean; onDecide: (decision: Decision) => void; onOpen: (open: Open) => void }) {
  const t = useApplicationsT();
  const format = useFormat();
  return (
    <li className={styles.row} data-application-id={application.id} data-status={application.status}>
      <div className={styles.head}>
        <div className={styles.titleLine}>
          <span className={styles.name}>{application.channelName}</span>
          <Tag tone={statusTone[application.status]}>{t(`applyStatus.${application.status}`)}</Tag>
          <Tag>{t(`applyType.${application.applyType}`)}</Tag>
        </div>
        <div className={styles.actions}>
          {application.status === 'WAIT' ? (
            <Button size="small" variant="primary" disabled={busy} onClick={() => onDecide({ kind: 'review' })}>
              {t('queue.review')}
            </Button>
          ) : null}
          {application.status === 'REVIEW' ? (
            <>
              <Button size="small" variant="primary" disabled={busy} onClick={() => onOpen({ kind: 'approve', application })}>
                {t('queue.approve')}
              </Button>
              <Button size="small" disabled={busy} onClick={() => onOpen({ kind: 'reject', application })}>
                {t('queue.reject')}
              </Button>
            </>
          ) : null}
        </div>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('queue.filter.channelType')}</dt>
          <dd>{t(`channelType.${application.channelType}`)}</dd>
        </div>
        <div>
          <dt>{t('queue.filter.applicantKind')}</dt>
          <dd>{t(`applicantKind.${application.applicantKind}`)}</dd>
        </div>
        <div>
          <dt>{t('queue.applicant')}</dt>
          <dd>
            {application.applicant.name} ({application.applicant.login})
          </dd>
        </div>
        <div>
          <dt>{t('queue.appliedAt')}</dt>
          <dd>
            <time dateTime={application.appliedAt}>{format.dateTime(application.appliedAt)}</time>
          </dd>
        </div>
      </dl>
      <details className={styles.details}>
        <summary>{t('queue.details')}</summary>
        <dl className={styles.detailBody}>
          <dt>{t('queue.descriptionLabel')}</dt>
          <dd>{application.description || '—'}</dd>
          <dt>{t('queue.email')}</dt>
          <dd>{application.contactEmail ?? '—'}</dd>
          <dt>{t('queue.revenue')}</dt>
          <dd>{application.revenue || '—'}</dd>
          <dt>{t('queue.links')}</dt>
          <dd>
            {application.links.length === 0 ? (
              '—'
            ) : (
              <ul className={styles.links}>
                {application.links.map((link, index) => (
                  <li key={`${link.url}-${index}`}>
                    <Tag tone={link.kind === 'OTHER' ? 'neutral' : 'accent'}>{t(`linkKind.${link.kind}`)}</Tag>
                    <a href={link.url} target="_blank" rel="noopener noreferrer nofollow">
                      {link.url}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt>{t('queue.timeline')}</dt>
          <dd>
            <ApplicationTimeline events={application.timeline} />
          </dd>
        </dl>
      </details>
    </li>
  );
}

/** The operator console's application queue (issue #9, item 4). */
export function OperatorQueue() {
  const t = useApplicationsT();
  const { search, chosen, update } = useQueueSearch();
  const decide = useDecideApplication();
  const [open, setOpen] = useState<Open>(null);

  const run = (application: OperatorApplication, decision: Decision) => {
    decide.mutate(
      { id: application.id, decision },
      {
        onSuccess: () => {
          setOpen(null);
          const key = decision.kind === 'review' ? 'queue.reviewed' : decision.kind === 'approve' ? 'queue.approved' : 'queue.rejected';
          showToast(t(key, { name: application.channelName }));
        },
        // Someone else was first, or the call failed: the shared handler says so; the queue is read again.
        onError: () => setOpen(null),
      },
    );
  };

  return (
    <Page title={t('queue.title')} description={t('queue.description')}>
      <div className={`${cardStyles.section} ${cardStyles.sectionFlush}`}>
        <Filters chosen={chosen} update={update} />
        <PagedList query={operatorApplicationsQueryOptions(search)} countCap={APPLICATION_QUEUE_COUNT_CAP} onPageChange={(page) => update({ page })} empty={<EmptyState compact title={t('queue.empty')} />}>
          {(applications, busy) => (
            <ul className={styles.list} aria-busy={busy || undefined}>
              {applications.map((application) => (
                <QueueRow
                  key={application.id}
                  application={application}
                  busy={decide.isPending && decide.variables.id === application.id}
                  onDecide={(decision) => run(application, decision)}
                  onOpen={setOpen}
                />
              ))}
            </ul>
          )}
        </PagedList>
      </div>
      {open?.kind === 'approve' ? <ApproveDialog application={open.application} pending={decide.isPending} onClose={() => setOpen(null)} onConfirm={() => run(open.application, { kind: 'approve' })} /> : null}
      {open?.kind === 'reject' ? (
        <RejectDialog application={open.application} pending={decide.isPending} onClose={() => setOpen(null)} onConfirm={(reason) => run(open.application, { kind: 'reject', reason })} />
      ) : null}
    </Page>
  );
}
