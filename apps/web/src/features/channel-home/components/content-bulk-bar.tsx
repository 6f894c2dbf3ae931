import { useState } from 'react';
import type { BulkContentAction, BulkContentResult, ContentSummary } from '@studio/contract/content';
import { BULK_CONTENT_ACTION_VALUES } from '@studio/contract/content-values';
import { Button } from '../../../components/ui/button';
import { LazyConfirmDialog, LazyMessageDialog } from '../../../components/ui/lazy-dialogs';
import { showToast } from '../../../lib/toast';
import { useBulkContents } from '../api/bulk-contents';
import { type BulkMessageKey, type BulkT, useBulkT } from '../bulk-messages';
import styles from './channel-contents.module.css';

type Failure = { title: string; reason: string };

const KNOWN_REASONS = new Set(['CONTENT_NOT_FOUND', 'CONTENT_VERSION_CONFLICT', 'CONTENT_STATUS_CONFLICT', 'CONTENT_INCOMPLETE', 'CREATE_OPTION_DISABLED']);

/** Why one row failed, in the reader's language. */
export function bulkReason(t: BulkT, result: BulkContentResult): string {
  const code = result.code ?? '';
  if (!KNOWN_REASONS.has(code)) return t('bulk.reason.other', { code });
  return t(`bulk.reason.${code}` as BulkMessageKey, { status: result.status ? t(`contentStatus.${result.status}`) : '' });
}

type Props = {
  channelId: number;
  selected: ContentSummary[];
  untitled: string;
  onClear: () => void;
};

/**
 * What to do with the selected rows: hide, make public, delete. One confirmation for all of them;
 * then a toast when every row changed (or already was so), or a dialog naming each row that failed and why.
 */
export function ContentBulkBar({ channelId, selected, untitled, onClear }: Props) {
  const t = useBulkT();
  const mutation = useBulkContents(channelId);
  const [asking, setAsking] = useState<BulkContentAction | null>(null);
  const [outcome, setOutcome] = useState<{ changed: number; unchanged: number; failures: Failure[] } | null>(null);
  const count = selected.length;

  function run(action: BulkContentAction) {
    const titles = new Map(selected.map((content) => [content.id, content.title.trim() || untitled]));
    mutation.mutate(
      { action, items: selected.map((content) => ({ id: content.id, version: content.version })) },
      {
        onSuccess: ({ results }) => {
          setAsking(null);
          onClear();
          const changed = results.filter((result) => result.outcome === 'CHANGED').length;
          const unchanged = results.filter((result) => result.outcome === 'UNCHANGED').length;
          const failures = results.filter((result) => result.outcome === 'FAILED').map((result) => ({ title: titles.get(result.id) ?? String(result.id), reason: bulkReason(t, result) }));
          if (failures.length === 0) showToast(t('bulk.done', { count: changed + unchanged }));
          else setOutcome({ changed, unchanged, failures });
        },
      },
    );
  }

  return (
    <>
      {count > 0 ? (
        <div className={styles.bulkBar} role="region" aria-label={t('bulk.label')}>
          <span className={styles.bulkCount} aria-live="polite">
            {t('bulk.selected', { count })}
          </span>
          {BULK_CONTENT_ACTION_VALUES.map((action) => (
            <Button key={action} size="small" variant={action === 'DELETE' ? 'danger' : 'secondary'} disabled={mutation.isPending} onClick={() => setAsking(action)}>
              {t(`bulk.${action}`)}
            </Button>
          ))}
          <Button size="small" variant="ghost" onClick={onClear}>
            {t('bulk.clear')}
          </Button>
        </div>
      ) : null}
      <LazyConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={asking ? t(`bulk.confirmTitle.${asking}`, { count }) : ''}
        confirmLabel={asking ? t(`bulk.${asking}`) : ''}
        cancelLabel={t('actions.cancel')}
        tone={asking === 'DELETE' ? 'danger' : 'default'}
        pending={mutation.isPending}
        onConfirm={() => asking && run(asking)}
      >
        <p>{asking ? t(`bulk.confirmDescription.${asking}`) : null}</p>
      </LazyConfirmDialog>
      {outcome ? (
        <LazyMessageDialog
          title={t('bulk.resultTitle', { failed: outcome.failures.length })}
          description={
            <span className={styles.bulkResult}>
              <span>{t('bulk.resultSummary', { changed: outcome.changed, unchanged: outcome.unchanged })}</span>
              <span className={styles.bulkFailures} role="list">
                {outcome.failures.map((failure, index) => (
                  <span role="listitem" key={index}>
                    <strong>{failure.title}</strong>: {failure.reason}
                  </span>
                ))}
              </span>
            </span>
          }
          onDismiss={() => setOutcome(null)}
        >
          <Button variant="primary" onClick={() => setOutcome(null)}>
            {t('bulk.close')}
          </Button>
        </LazyMessageDialog>
      ) : null}
    </>
  );
}
