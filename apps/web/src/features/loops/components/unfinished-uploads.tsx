import type { Loop } from '@studio/contract/loop';
import { Button } from '../../../components/ui/button';
import { useFormat } from '../../../lib/format/use-format';
import { useLocale } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toast';
import { useCancelUpload } from '../api/loop-actions';
import { useLoopT } from '../messages';
import { formatBytes } from '../utils/format-bytes';
import styles from './loop-upload.module.css';

export const UNFINISHED_HEADING_ID = 'loop-unfinished';

/**
 * The person's uploads of this channel whose file has not all arrived: choosing the same file again
 * continues one; cancelling drops it and makes room under the bounds on unfinished uploads.
 */
export function UnfinishedUploads({ channelId, loops, bounds, onCancelled }: { channelId: number; loops: Loop[]; bounds: { max: number; hours: number }; onCancelled: () => void }) {
  const t = useLoopT();
  const locale = useLocale();
  const { relative } = useFormat();
  const cancel = useCancelUpload(channelId);

  return (
    <section className={styles.panel} aria-labelledby={UNFINISHED_HEADING_ID}>
      <h2 id={UNFINISHED_HEADING_ID} className={styles.field} tabIndex={-1}>
        {t('upload.resumable')}
      </h2>
      <p className={styles.muted}>
        {t('upload.resumableHint')} {t('upload.resumableBounds', bounds)}
      </p>
      <ul className={styles.list}>
        {loops.map((loop) => {
          const sizes = { received: formatBytes(loop.uploadedBytes, locale), total: formatBytes(loop.totalBytes, locale) };
          return (
            <li key={loop.id} className={styles.row}>
              <div className={styles.loopText}>
                {loop.fileName ? (
                  <p className={styles.fileName} title={loop.fileName}>
                    {loop.fileName}
                  </p>
                ) : null}
                <p className={styles.muted}>{t('upload.resumableRow', { ...sizes, time: relative(loop.createdAt) })}</p>
              </div>
              <Button
                size="small"
                aria-label={t('upload.cancelUnfinishedLabel', sizes)}
                disabled={cancel.isPending && cancel.variables === loop.id}
                onClick={() =>
                  cancel.mutate(loop.id, {
                    onSuccess: () => {
                      showToast(t('upload.unfinishedCancelled'));
                      onCancelled();
                    },
                  })
                }
              >
                {t('upload.cancelUnfinished')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
