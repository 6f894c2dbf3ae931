import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { type ContentImage, POST_BODY_MAX } from '@studio/contract/content';
import { isValidUrl, linkKind } from '@studio/contract/links';
import { earliestReservationSlot, reservationProblem } from '@studio/contract/reservation';
import { Tag } from '../../../components/ui/badges';
import { Button } from '../../../components/ui/button';
import { Page, Section } from '../../../components/ui/page';
import { useFormat } from '../../../lib/format/use-format';
import { showToast } from '../../../lib/toast';
import { useCreatePost } from '../api/create-post';
import { uploadContentImage } from '../api/upload-image';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useNow } from '../../../components/reservation/use-now';
import { useWritingT } from '../messages';
import { LeaveDialog } from './leave-dialog';
import { PostImages } from './post-images';
import { PublishChoice, type PublishWhen } from '../../../components/reservation/publish-choice';
import styles from './post.module.css';

/** The post page: text, up to 10 ordered images, a link with its kind; published now or at a reserved time. */
export function PostPage({ channelId, channelName }: { channelId: number; channelName: string }) {
  const t = useWritingT();
  const format = useFormat();
  const navigate = useNavigate();
  const now = useNow();
  const bodyId = useId();
  const linkId = useId();
  const [body, setBody] = useState('');
  const [images, setImages] = useState<ContentImage[]>([]);
  const [link, setLink] = useState('');
  const [when, setWhen] = useState<PublishWhen>({ mode: 'now' });
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState(false);
  const create = useCreatePost(channelId);

  const dirty = !done && (body.trim() !== '' || images.length > 0 || link.trim() !== '');
  const dirtyRef = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  const hasUnsaved = useCallback(() => dirtyRef.current, []);
  const blocker = useLeaveGuard(hasUnsaved);

  const trimmedLink = link.trim();
  const bodyError = submitted && !body.trim() ? t('post.required') : null;
  const linkError = trimmedLink && !isValidUrl(trimmedLink) ? t('post.linkInvalid') : null;
  const kind = trimmedLink && !linkError ? linkKind(trimmedLink) : null;
  const earliest = earliestReservationSlot(now);
  const timeProblem = when.mode === 'reserve' && reservationProblem(when.at, now) !== null;

  function submit() {
    setSubmitted(true);
    if (!body.trim() || linkError || timeProblem) return;
    create.mutate(
      {
        body,
        imageIds: images.map((image) => image.id),
        link: trimmedLink ? { url: trimmedLink } : null,
        reservation: when.mode === 'reserve' ? { at: when.at.toISOString(), visibility: when.visibility } : null,
      },
      {
        onSuccess: () => {
          setDone(true);
          dirtyRef.current = false;
          showToast(when.mode === 'now' ? t('post.published') : t('post.reserved', { time: format.dateTime(when.at.toISOString()) }));
          void navigate(`/channels/${channelId}`);
        },
      },
    );
  }

  return (
    <Page title={t('post.pageTitle')} description={channelName}>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Section>
          <div className={styles.field}>
            <label htmlFor={bodyId} className={styles.label}>
              {t('post.body')}
            </label>
            <textarea
              id={bodyId}
              className={styles.textarea}
              value={body}
              maxLength={POST_BODY_MAX}
              placeholder={t('post.bodyPlaceholder')}
              aria-invalid={bodyError ? true : undefined}
              aria-describedby={`${bodyId}-counter${bodyError ? ` ${bodyId}-error` : ''}`}
              onChange={(event) => setBody(event.target.value.slice(0, POST_BODY_MAX))}
            />
            <span id={`${bodyId}-counter`} className={styles.counter}>
              {t('post.counter', { count: body.length, max: POST_BODY_MAX })}
            </span>
            {bodyError ? (
              <p id={`${bodyId}-error`} className={styles.error} role="alert">
                {bodyError}
              </p>
            ) : null}
          </div>
        </Section>
        <Section>
          <PostImages images={images} onChange={setImages} onUpload={(file) => uploadContentImage(channelId, file)} />
        </Section>
        <Section>
          <div className={styles.field}>
            <label htmlFor={linkId} className={styles.label}>
              {t('post.link')}
            </label>
            <input
              id={linkId}
              className={styles.input}
              type="url"
              inputMode="url"
              autoComplete="off"
              value={link}
              placeholder={t('post.linkPlaceholder')}
              aria-invalid={linkError ? true : undefined}
              aria-describedby={linkError ? `${linkId}-error` : kind ? `${linkId}-kind` : undefined}
              onChange={(event) => setLink(event.target.value)}
            />
            {linkError ? (
              <p id={`${linkId}-error`} className={styles.error} role="alert">
                {linkError}
              </p>
            ) : null}
            {kind ? (
              <p id={`${linkId}-kind`} className={styles.linkKind} data-link-kind={kind}>
                {t('post.linkKind')} <Tag tone={kind === 'OTHER' ? 'neutral' : 'accent'}>{t(`linkKind.${kind}`)}</Tag>
              </p>
            ) : null}
          </div>
        </Section>
        <Section title={t('post.whenLabel')}>
          <PublishChoice value={when} onChange={setWhen} now={now} earliest={earliest} allowHidden={false} />
        </Section>
        <div className={styles.actions}>
          <Button variant="primary" type="submit" disabled={create.isPending || timeProblem}>
            {when.mode === 'now' ? t('post.submitNow') : t('post.submitReserve')}
          </Button>
        </div>
      </form>
      <LeaveDialog blocker={blocker} />
    </Page>
  );
}
