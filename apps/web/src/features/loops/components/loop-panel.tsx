import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { Loop } from '@studio/contract/loop';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { errorCodeText, hasErrorCodeText, useLocale } from '../../../lib/i18n/i18n';
import { showToast } from '../../../lib/toast';
import { loopQueryOptions } from '../api/get-loop';
import { useChooseThumbnail, useDeleteLoop, useRetryLoop, useStopLoop } from '../api/loop-actions';
import { useLoopT } from '../messages';
import styles from './loop-upload.module.css';

/** The reason in the reader's words; a code this build does not know reads as the generic failure. */
const errorText = (code: string, locale: ReturnType<typeof useLocale>) => {
  return errorCodeText(hasErrorCodeText(code, locale) ? code : 'LOOP_PROCESSING_FAILED', locale);
};

const UNFINISHED = new Set<Loop['status']>(['RESERVED', 'START', 'PROCESSING']);
const draftKey = (loopId: string) => `studio.loop-draft.${loopId}`;

type Draft = { title: string; description: string };

/** What the person writes while the clip is processed, kept in this browser until it is published. */
function useLoopDraft(loopId: string) {
  const [draft, setDraft] = useState<Draft>(() => {
    try {
      return { title: '', description: '', ...(JSON.parse(localStorage.getItem(draftKey(loopId)) ?? '{}') as Partial<Draft>) };
    } catch {
      return { title: '', description: '' };
    }
  });
  useEffect(() => {
    localStorage.setItem(draftKey(loopId), JSON.stringify(draft));
  }, [loopId, draft]);
  return [draft, setDraft] as const;
}

/** One loop: its processing live, the player and thumbnails once done, and the words to publish it with. */
export function LoopPanel({ channelId, loopId, onGone }: { channelId: number; loopId: string; onGone: () => void }) {
  const t = useLoopT();
  const locale = useLocale();
  const { data: loop } = useSuspenseQuery(loopQueryOptions(channelId, loopId));
  const retry = useRetryLoop(channelId, loopId);
  const stop = useStopLoop(channelId, loopId);
  const remove = useDeleteLoop(channelId, loopId);
  const choose = useChooseThumbnail(channelId, loopId);
  const [draft, setDraft] = useLoopDraft(loopId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const titleId = useId();
  const descriptionId = useId();
  const status = loop.status;
  const working = UNFINISHED.has(status);

  return (
    <section className={styles.panel} aria-labelledby={`${titleId}-heading`}>
      <div className={styles.row}>
        <h2 id={`${titleId}-heading`} className={styles.field}>
          {t('processing.title')}
        </h2>
        <div className={styles.row}>
          {working ? (
            <Button onClick={() => stop.mutate(undefined)} disabled={stop.isPending}>
              {t('processing.stop')}
            </Button>
          ) : null}
          {status === 'ERROR' || status === 'STOP' ? (
            <Button variant="primary" onClick={() => retry.mutate(undefined)} disabled={retry.isPending}>
              {t('processing.retry')}
            </Button>
          ) : null}
          <Button onClick={() => setConfirmDelete(true)}>{t('processing.delete')}</Button>
        </div>
      </div>
      <div role="status" aria-live="polite">
        {status ? t(`processing.${status}`, { progress: loop.progress }) : null}
        {status === 'ERROR' && loop.errorCode ? <p className={styles.error}>{errorText(loop.errorCode, locale)}</p> : null}
      </div>
      {working ? <progress className={styles.bar} max={100} value={status === 'PROCESSING' ? loop.progress : undefined} aria-label={t('processing.title')} /> : null}
      {working ? <p className={styles.muted}>{t('processing.meanwhile')}</p> : null}

      <div className={styles.columns}>
        <div>
          {loop.videoUrl && status === 'COMPLETE' ? (
            <video
              className={styles.player}
              src={loop.videoUrl}
              poster={loop.thumbnails[loop.thumbnailIndex ?? 0]?.url}
              controls
              playsInline
              preload="metadata"
              aria-label={t('processing.preview')}
            />
          ) : (
            <div className={styles.placeholder}>{status ? t(`processing.${status}`, { progress: loop.progress }) : null}</div>
          )}
          {loop.width && loop.height && loop.durationSeconds ? (
            <p className={styles.muted}>{t('processing.meta', { width: loop.width, height: loop.height, duration: Math.round(loop.durationSeconds) })}</p>
          ) : null}
        </div>
        <div className={styles.fields}>
          <label className={styles.field} htmlFor={titleId}>
            {t('details.title')}
            <input id={titleId} className={styles.input} maxLength={100} value={draft.title} onChange={(event) => setDraft({ ...draft, title: event.target.value })} />
          </label>
          <label className={styles.field} htmlFor={descriptionId}>
            {t('details.description')}
            <textarea id={descriptionId} className={styles.input} rows={4} maxLength={2000} value={draft.description} onChange={(event) => setDraft({ ...draft, description: event.target.value })} />
          </label>
          {loop.thumbnails.length ? (
            <fieldset className={styles.thumbs}>
              <legend className={styles.field}>{t('details.thumbnail')}</legend>
              {loop.thumbnails.map((thumbnail) => (
                <label key={thumbnail.index} className={`${styles.thumb} ${thumbnail.index === loop.thumbnailIndex ? styles.thumbChosen : ''}`}>
                  <input
                    type="radio"
                    name={`thumbnail-${loopId}`}
                    checked={thumbnail.index === loop.thumbnailIndex}
                    onChange={() => choose.mutate(thumbnail.index, { onSuccess: () => showToast(t('details.thumbnailChosen')) })}
                    aria-label={t('details.thumbnailOption', { n: thumbnail.index + 1 })}
                  />
                  <img src={thumbnail.url} alt="" loading="lazy" />
                </label>
              ))}
            </fieldset>
          ) : null}
        </div>
      </div>

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('processing.delete')}
        confirmLabel={t('processing.delete')}
        cancelLabel={t('processing.keep')}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              localStorage.removeItem(draftKey(loopId));
              setConfirmDelete(false);
              showToast(t('processing.deleted'));
              onGone();
            },
          })
        }
      >
        {t('processing.deleteConfirm')}
      </ConfirmDialog>
    </section>
  );
}
