import { Button } from '../../../components/ui/button';
import { useLocale } from '../../../lib/i18n/i18n';
import type { UploadState } from '../hooks/use-tus-upload';
import { useLoopT } from '../messages';
import { formatBytes, formatDuration } from '../utils/format-bytes';
import { bytesPerSecond, secondsLeft } from '../utils/upload-rate';
import styles from './loop-upload.module.css';

/** Bytes sent with the bar, the recent speed and the time left; a dropped network says so. */
export function UploadProgress({ state, onCancel }: { state: Extract<UploadState, { phase: 'uploading' }>; onCancel: () => void }) {
  const t = useLoopT();
  const locale = useLocale();
  const percent = state.total ? Math.floor((state.sent / state.total) * 100) : 0;
  const speed = bytesPerSecond(state.samples);
  const left = secondsLeft(state.samples, state.total);
  return (
    <section className={styles.panel} aria-labelledby="loop-upload-progress">
      <div className={styles.row}>
        <h2 id="loop-upload-progress" className={styles.field}>
          {t('upload.uploading')}
        </h2>
        <Button onClick={onCancel}>{t('upload.cancel')}</Button>
      </div>
      <progress className={styles.bar} max={100} value={percent} aria-label={t('upload.uploading')} />
      <div className={styles.row}>
        <span>{t('upload.progress', { sent: formatBytes(state.sent, locale), total: formatBytes(state.total, locale), percent })}</span>
        <span className={styles.muted}>
          {speed ? `${t('upload.speed', { speed: formatBytes(speed, locale) })} · ` : ''}
          {left !== null ? t('upload.timeLeft', { time: formatDuration(left, locale) }) : t('upload.timeUnknown')}
        </span>
      </div>
      {state.offline || state.retrying ? (
        <p role="status" className={styles.error}>
          {state.offline ? t('upload.offline') : t('upload.retrying')}
        </p>
      ) : null}
    </section>
  );
}
