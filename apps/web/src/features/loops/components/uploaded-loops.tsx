import type { Loop } from '@studio/contract/loop';
import { Button } from '../../../components/ui/button';
import { useFormat } from '../../../lib/format/use-format';
import { useErrorTextsLocale } from '../../../lib/i18n/i18n';
import { useLoopT } from '../messages';
import { readLoopDraft } from '../utils/loop-draft';
import { loopErrorText } from '../utils/loop-error';
import styles from './loop-upload.module.css';

/**
 * "올린 루프": the person's loops being processed, failed, stopped or stuck, each told apart by the
 * name of its file and the title written for it in this browser (issue 25), with where it stands.
 */
export function UploadedLoops({ loops, onOpen }: { loops: Loop[]; onOpen: (loopId: string) => void }) {
  const t = useLoopT();
  const locale = useErrorTextsLocale();
  const { relative } = useFormat();
  return (
    <section className={styles.panel} aria-labelledby="loop-list">
      <h2 id="loop-list" className={styles.field}>
        {t('list.title')}
      </h2>
      <ul className={styles.list}>
        {loops.map((loop) => {
          const name = loop.fileName ?? t('list.noFileName');
          const title = readLoopDraft(loop.id).title.trim();
          const troubled = loop.stuck || loop.status === 'ERROR';
          return (
            <li key={loop.id} className={styles.loopRow}>
              <div className={styles.loopText}>
                <p className={styles.fileName} title={name}>
                  {name}
                </p>
                <p className={styles.muted}>{title ? t('list.draftTitle', { title }) : t('list.noTitle')}</p>
                <p className={troubled ? styles.error : styles.muted}>
                  {loop.stuck ? t('processing.stuck') : t(`processing.${loop.status ?? 'RESERVED'}`, { progress: loop.progress })}
                  {loop.status === 'ERROR' && loop.errorCode ? `: ${loopErrorText(loop.errorCode, locale)}` : ''} · {relative(loop.createdAt)}
                </p>
              </div>
              <Button size="small" aria-label={t('list.openLabel', { name })} onClick={() => onOpen(loop.id)}>
                {t('list.open')}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
