import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { CONTENT_TITLE_MAX } from '@studio/contract/content';
import { LOOP_DESCRIPTION_MAX, type Loop } from '@studio/contract/loop';
import { earliestReservationSlot, reservationProblem } from '@studio/contract/reservation';
import { PublishChoice, type PublishWhen } from '../../../components/reservation/publish-choice';
import { useNow } from '../../../components/reservation/use-now';
import { Button, buttonClassName } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { useErrorTextsLocale } from '../../../lib/i18n/i18n';
import { useFormat } from '../../../lib/format/use-format';
import { showToast } from '../../../lib/toast';
import { loopQueryOptions } from '../api/get-loop';
import { loopContentQueryOptions } from '../api/get-loop-content';
import { usePublishLoop } from '../api/publish-loop';
import { useChooseThumbnail, useDeleteLoop, useRetryLoop, useStopLoop } from '../api/loop-actions';
import { useLoopT } from '../messages';
import { loopDraftKey, readLoopDraft, type LoopDraft } from '../utils/loop-draft';
import { loopErrorText } from '../utils/loop-error';
import styles from './loop-upload.module.css';

const UNFINISHED = new Set<Loop['status']>(['RESERVED', 'START', 'PROCESSING']);
const draftKey = loopDraftKey;

/** What the person writes while the clip is processed, kept in this browser until it is published. */
function useLoopDraft(loopId: string) {
  const [draft, setDraft] = useState<LoopDraft>(() => readLoopDraft(loopId));
  useEffect(() => {
    // Nothing written yet (or a published loop) leaves nothing behind.
    if (draft.title || draft.description) localStorage.setItem(draftKey(loopId), JSON.stringify(draft));
  }, [loopId, draft]);
  return [draft, setDraft] as const;
}

/** One loop: its processing live, the player and thumbnails once done, and the words to publish it with. */
export function LoopPanel({ channelId, loopId, onGone }: { channelId: number; loopId: string; onGone: () => void }) {
  const t = useLoopT();
  const locale = useErrorTextsLocale();
  const { data: loop } = useSuspenseQuery(loopQueryOptions(channelId, loopId));
  const retry = useRetryLoop(channelId, loopId);
  const stop = useStopLoop(channelId, loopId);
  const remove = useDeleteLoop(channelId, loopId);
  const choose = useChooseThumbnail(channelId, loopId);
  // The pick shows at once (a mutation's own state reaches the screen a tick later, after the click has
  // already been undone by the controlled radio), and a poll that read the loop before the choice
  // committed must not undo it on screen. It gives way once the loop itself says the same.
  const [picking, setPicking] = useState<number | null>(null);
  const chosenIndex = picking ?? loop.thumbnailIndex;
  if (picking !== null && !choose.isPending && loop.thumbnailIndex === picking) setPicking(null);
  const [draft, setDraft] = useLoopDraft(loopId);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const publish = usePublishLoop(channelId, loopId);
  const format = useFormat();
  const now = useNow();
  const [when, setWhen] = useState<PublishWhen>({ mode: 'now' });
  const titleId = useId();
  const descriptionId = useId();
  const status = loop.status;
  // A stuck loop (its job is gone, issue 25) is not "processing": it is offered retry and delete.
  const working = UNFINISHED.has(status) && !loop.stuck;
  const published = loop.contentId !== null;
  const timeProblem = when.mode === 'reserve' && reservationProblem(when.at, now) !== null;
  const publishBlocker = status !== 'COMPLETE' ? t('publish.waitProcessing') : draft.title.trim() === '' ? t('publish.needTitle') : null;

  const submit = () => {
    if (publishBlocker || timeProblem) return;
    publish.mutate(
      {
        title: draft.title,
        description: draft.description,
        thumbnailIndex: loop.thumbnailIndex ?? 0,
        reservation: when.mode === 'reserve' ? { at: when.at.toISOString(), visibility: when.visibility } : null,
      },
      {
        onSuccess: () => {
          localStorage.removeItem(draftKey(loopId));
          const time = when.mode === 'reserve' ? format.dateTime(when.at.toISOString()) : '';
          showToast(when.mode === 'now' ? t('publish.published') : t(when.visibility === 'HIDDEN' ? 'publish.reservedHidden' : 'publish.reserved', { time }));
        },
      },
    );
  };

  if (published && loop.contentId !== null) return <PublishedLoop channelId={channelId} loop={loop} contentId={loop.contentId} />;

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
          {status === 'ERROR' || status === 'STOP' || loop.stuck ? (
            <Button variant="primary" onClick={() => retry.mutate(undefined)} disabled={retry.isPending}>
              {t('processing.retry')}
            </Button>
          ) : null}
          <Button onClick={() => setConfirmDelete(true)}>{t('processing.delete')}</Button>
        </div>
      </div>
      <div role="status" aria-live="polite">
        {loop.stuck ? t('processing.stuck') : status ? t(`processing.${status}`, { progress: loop.progress }) : null}
        {loop.stuck ? <p className={styles.error}>{t('processing.stuckHint')}</p> : null}
        {status === 'ERROR' && loop.errorCode ? <p className={styles.error}>{loopErrorText(loop.errorCode, locale)}</p> : null}
      </div>
      {working ? <progress className={styles.bar} max={100} value={status === 'PROCESSING' ? loop.progress : undefined} aria-label={t('processing.title')} /> : null}
      {working ? <p className={styles.muted}>{t('processing.meanwhile')}</p> : null}

      <div className={styles.columns}>
        <div>
          {loop.videoUrl && status === 'COMPLETE' ? (
            <video
              className={styles.player}
              src={loop.videoUrl}
              poster={loop.thumbnails[chosenIndex ?? 0]?.url}
              controls
              playsInline
              preload="metadata"
              aria-label={t('processing.preview')}
            />
          ) : (
            <div className={styles.placeholder}>{loop.stuck ? t('processing.stuck') : status ? t(`processing.${status}`, { progress: loop.progress }) : null}</div>
          )}
          {loop.width && loop.height && loop.durationSeconds ? (
            <p className={styles.muted}>{t('processing.meta', { width: loop.width, height: loop.height, duration: Math.round(loop.durationSeconds) })}</p>
          ) : null}
        </div>
        <div className={styles.fields}>
          <label className={styles.field} htmlFor={titleId}>
            {t('details.title')}
            <input id={titleId} className={styles.input} maxLength={CONTENT_TITLE_MAX} required value={draft.title} onChange={(event) => setDraft({ ...draft, title: event.target.value })} />
          </label>
          <label className={styles.field} htmlFor={descriptionId}>
            {t('details.description')}
            <textarea id={descriptionId} className={styles.input} rows={4} maxLength={LOOP_DESCRIPTION_MAX} value={draft.description} onChange={(event) => setDraft({ ...draft, description: event.target.value })} />
          </label>
          {loop.thumbnails.length ? (
            <fieldset className={styles.thumbs}>
              <legend className={styles.field}>{t('details.thumbnail')}</legend>
              {loop.thumbnails.map((thumbnail) => (
                <label key={thumbnail.index} className={`${styles.thumb} ${thumbnail.index === chosenIndex ? styles.thumbChosen : ''}`}>
                  <input
                    type="radio"
                    name={`thumbnail-${loopId}`}
                    checked={thumbnail.index === chosenIndex}
                    onChange={() => {
                      setPicking(thumbnail.index);
                      choose.mutate(thumbnail.index, {
                        onSuccess: () => showToast(t('details.thumbnailChosen')),
                        onError: () => setPicking(null),
                      });
                    }}
                    aria-label={t('details.thumbnailOption', { n: thumbnail.index + 1 })}
                  />
                  <img src={thumbnail.url} alt="" loading="lazy" />
                </label>
              ))}
            </fieldset>
          ) : null}
        </div>
      </div>

      <form
        className={styles.publish}
        aria-labelledby={`${titleId}-publish`}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <h3 id={`${titleId}-publish`} className={styles.field}>
          {t('publish.title')}
        </h3>
        <PublishChoice value={when} onChange={setWhen} now={now} earliest={earliestReservationSlot(now)} allowHidden />
        <div className={styles.row}>
          <p className={styles.muted}>{publishBlocker}</p>
          <Button variant="primary" type="submit" disabled={publishBlocker !== null || timeProblem || publish.isPending}>
            {when.mode === 'now' ? t('publish.submit') : t('publish.reserveSubmit')}
          </Button>
        </div>
      </form>

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

/** A published loop: what became of it (public, reserved, hidden) and the way to the channel home. */
function PublishedLoop({ channelId, loop, contentId }: { channelId: number; loop: Loop; contentId: number }) {
  const t = useLoopT();
  const format = useFormat();
  const headingId = useId();
  const { data: content } = useQuery(loopContentQueryOptions(channelId, contentId));
  const thumbnail = loop.thumbnails[loop.thumbnailIndex ?? 0];
  const state = (() => {
    if (!content) return t('published.elsewhere');
    const at = content.reservedAt ? format.dateTime(content.reservedAt) : '';
    if (content.status === 'PUBLIC') return t('published.public');
    if (content.status === 'HIDDEN') return t('published.hidden');
    if (content.status === 'PUBLIC_RESERVATION') return t('published.reserved', { time: at });
    if (content.status === 'HIDDEN_RESERVATION') return t('published.reservedHidden', { time: at });
    // Cancelled, failed, deleted or set by others: the channel home says what it is.
    return t('published.elsewhere');
  })();
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.field}>
        {t('published.title')}
      </h2>
      <div className={styles.published}>
        {thumbnail ? <img className={styles.publishedThumb} src={thumbnail.url} alt="" /> : null}
        <div className={styles.fields}>
          {content ? <p className={styles.publishedTitle}>{content.title}</p> : null}
          <p role="status">{state}</p>
          <p>
            <Link className={buttonClassName('primary')} to={`/channels/${channelId}`}>
              {t('published.toChannel')}
            </Link>
          </p>
        </div>
      </div>
    </section>
  );
}
