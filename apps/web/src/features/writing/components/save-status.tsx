import { formatClockTime } from '../../../lib/format/date-time';
import { useLocale } from '../../../lib/i18n/i18n';
import { useWritingT } from '../messages';
import type { AutosaveStatus } from '../utils/autosave-queue';
import styles from './editor.module.css';

/** Where the text stands: saved (and when), waiting, saving, or not saved and why. */
export function SaveStatus({ status, reason, onRetry }: { status: AutosaveStatus; reason: string | null; onRetry: () => void }) {
  const t = useWritingT();
  const locale = useLocale();
  const time = (iso: string) => formatClockTime(iso, locale);

  let text: string;
  let problem = false;
  switch (status.kind) {
    case 'idle':
    case 'saved':
      text = status.savedAt ? t('save.saved', { time: time(status.savedAt) }) : t('save.savedNever');
      break;
    case 'pending':
      text = t('save.pending');
      break;
    case 'saving':
      text = t('save.saving');
      break;
    case 'offline':
      text = t('save.offline');
      problem = true;
      break;
    case 'conflict':
      text = t('save.conflict');
      problem = true;
      break;
    case 'refused':
      text = t('save.refused', { reason: reason ?? '' });
      problem = true;
      break;
  }
  return (
    <span className={`${styles.saveStatus} ${problem ? styles.saveStatusProblem : ''}`} role="status" data-save-state={status.kind}>
      {text}
      {status.kind === 'offline' ? (
        <button type="button" className={styles.linkButton} onClick={onRetry}>
          {t('save.retryNow')}
        </button>
      ) : null}
    </span>
  );
}
