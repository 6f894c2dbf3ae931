import { useState, type FormEvent } from 'react';
import { OPERATOR_LIST_COUNT_CAP, type AuditEntry } from '@studio/contract/operator';
import formStyles from '../../../components/form/form.module.css';
import { useLatestSearchParams } from '../../../components/routing/use-latest-search-params';
import { Tag } from '../../../components/ui/badges';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PagedList } from '../../../components/ui/paged-list';
import { Section } from '../../../components/ui/page';
import { useFormat } from '../../../lib/format/use-format';
import { auditLogQueryOptions } from '../api/get-audit-log';
import { auditLabel, useOperatorT } from '../messages';
import { readAuditSearch, toSearchParams } from '../utils/channel-search';
import styles from './operator.module.css';

const KNOWN_ACTIONS = [
  'CHANNEL_STATUS_CHANGE',
  'CHANNEL_UPDATE',
  'CHANNEL_CREATE',
  'CHANNEL_OWNER_INVITE',
  'NOTICE_CREATE',
  'NOTICE_UPDATE',
  'NOTICE_DELETE',
  'NOTIFICATION_SEND',
  'NOTIFICATION_BROADCAST',
];
const KNOWN_OBJECT_TYPES = ['CHANNEL', 'NOTICE', 'USER', 'BROADCAST', 'APPLICATION'];

/** A snapshot as readable JSON; long bodies are cut so a row stays a row. */
const show = (value: Record<string, unknown> | null) =>
  value === null ? '—' : JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' && item.length > 400 ? `${item.slice(0, 400)}…` : item), 2);

function AuditRow({ entry }: { entry: AuditEntry }) {
  const t = useOperatorT();
  const format = useFormat();
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <span className={styles.rowTitle}>
          <Tag tone="accent">{auditLabel(t, 'action', entry.action)}</Tag>
          {/*
            The object by its name (a channel, a notice, a person), with only its number, muted, beside it:
            the action already says its kind. An object with no name is named by its kind and number.
          */}
          {entry.objectName !== null ? (
            <>
              <span className={styles.objectName}>{entry.objectName}</span>
              <span className={styles.meta}>#{entry.objectId}</span>
            </>
          ) : (
            <span>
              {auditLabel(t, 'objectType', entry.objectType)} #{entry.objectId}
            </span>
          )}
        </span>
        <span className={styles.meta}>
          <time dateTime={entry.at}>{format.dateTime(entry.at)}</time> · {entry.operator ? `${entry.operator.name} (${entry.operator.login})` : t('audit.unknownOperator')}
        </span>
        <details className={styles.details}>
          <summary>{t('audit.details')}</summary>
          <div className={styles.diff}>
            <div>
              <strong>{t('audit.before')}</strong>
              <pre>{show(entry.before)}</pre>
            </div>
            <div>
              <strong>{t('audit.after')}</strong>
              <pre>{show(entry.after)}</pre>
            </div>
          </div>
        </details>
      </div>
    </li>
  );
}

/** Every operator action: who, what, which object, before and after, when; filtered by action and object. */
export function OperatorAuditPage() {
  const t = useOperatorT();
  const { shown, latest, setSearchParams } = useLatestSearchParams();
  const search = readAuditSearch(shown);
  const [action, setAction] = useState(search.action ?? '');
  const [objectType, setObjectType] = useState(search.objectType ?? '');
  const [objectId, setObjectId] = useState(search.objectId ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearchParams(toSearchParams({ action, objectType, objectId: /^[1-9][0-9]{0,15}$/.test(objectId.trim()) ? objectId.trim() : '' }));
  };
  const reset = () => {
    setAction('');
    setObjectType('');
    setObjectId('');
    setSearchParams(new URLSearchParams());
  };

  return (
    <>
      <form className={styles.filters} onSubmit={submit} role="search">
        <div className={formStyles.field}>
          <label htmlFor="audit-action" className={formStyles.label}>
            {t('audit.filterAction')}
          </label>
          <select id="audit-action" className={formStyles.input} value={action} onChange={(event) => setAction(event.target.value)}>
            <option value="">{t('common.all')}</option>
            {KNOWN_ACTIONS.map((option) => (
              <option key={option} value={option}>
                {auditLabel(t, 'action', option)}
              </option>
            ))}
          </select>
        </div>
        <div className={`${formStyles.field} ${styles.narrow}`}>
          <label htmlFor="audit-object-type" className={formStyles.label}>
            {t('audit.filterObjectType')}
          </label>
          <select id="audit-object-type" className={formStyles.input} value={objectType} onChange={(event) => setObjectType(event.target.value)}>
            <option value="">{t('common.all')}</option>
            {KNOWN_OBJECT_TYPES.map((option) => (
              <option key={option} value={option}>
                {auditLabel(t, 'objectType', option)}
              </option>
            ))}
          </select>
        </div>
        <div className={`${formStyles.field} ${styles.narrow}`}>
          <label htmlFor="audit-object-id" className={formStyles.label}>
            {t('audit.filterObjectId')}
          </label>
          <input id="audit-object-id" className={formStyles.input} inputMode="numeric" maxLength={16} value={objectId} onChange={(event) => setObjectId(event.target.value)} />
        </div>
        <div className={styles.filterActions}>
          <Button type="submit" variant="primary">
            {t('audit.apply')}
          </Button>
          <Button onClick={reset}>{t('audit.reset')}</Button>
        </div>
      </form>
      <Section flush>
        <PagedList
          query={auditLogQueryOptions(search)}
          countCap={OPERATOR_LIST_COUNT_CAP}
          empty={<EmptyState title={t('audit.empty')} />}
          onPageChange={(page) => setSearchParams(toSearchParams({ ...readAuditSearch(latest), page }))}
        >
          {(entries, busy) => (
            <ul className={`${styles.list} ${busy ? styles.busy : ''}`}>
              {entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </ul>
          )}
        </PagedList>
      </Section>
    </>
  );
}
