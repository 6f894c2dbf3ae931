import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { LIVE_DESCRIPTION_MAX, LIVE_TITLE_MAX, type LiveDetail, UpdateLiveBody } from '@studio/contract/live';
import { formResolver } from '../../../components/form/form-resolver';
import formStyles from '../../../components/form/form.module.css';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/ui/button';
import { Section } from '../../../components/ui/page';
import { showToast } from '../../../lib/toast';
import { useUpdateLive } from '../api/update-live';
import { useUploadThumbnail } from '../api/upload-thumbnail';
import { useLiveT } from '../messages';
import styles from './live-detail.module.css';

/** Title and description (PUT /lives/{liveId}) and the thumbnail (multipart upload). */
export function LiveEdit({ live }: { live: LiveDetail }) {
  const tl = useLiveT();
  return (
    <Section title={tl('detail.section')}>
      <div className={styles.edit}>
        <ThumbnailEditor live={live} />
        <LiveForm key={`${live.title}|${live.description}`} live={live} />
      </div>
    </Section>
  );
}

function LiveForm({ live }: { live: LiveDetail }) {
  const tl = useLiveT();
  const descriptionId = useId();
  const form = useForm({ resolver: formResolver(UpdateLiveBody), defaultValues: { title: live.title, description: live.description } });
  const update = useUpdateLive(live.channelId, live.liveId);
  const submit = form.handleSubmit((body) => update.mutate(body, { onSuccess: () => showToast(tl('detail.saved')) }));

  return (
    <form className={`${formStyles.form} ${styles.form}`} noValidate onSubmit={(event) => void submit(event)}>
      <TextField label={tl('detail.titleLabel')} maxLength={LIVE_TITLE_MAX} registration={form.register('title')} error={form.formState.errors.title} />
      <div className={formStyles.field}>
        <label htmlFor={descriptionId} className={formStyles.label}>
          {tl('detail.descriptionLabel')}
        </label>
        <textarea id={descriptionId} className={`${formStyles.input} ${styles.textarea}`} rows={4} maxLength={LIVE_DESCRIPTION_MAX} {...form.register('description')} />
      </div>
      <Button type="submit" variant="primary" className={formStyles.submit} disabled={!form.formState.isDirty || update.isPending}>
        {tl('detail.save')}
      </Button>
    </form>
  );
}

function ThumbnailEditor({ live }: { live: LiveDetail }) {
  const tl = useLiveT();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadThumbnail(live.channelId, live.liveId);

  return (
    <div className={styles.thumbnailEditor}>
      {live.thumbnailUrl ? (
        <img className={styles.thumbnail} src={live.thumbnailUrl} alt={tl('detail.thumbnail')} data-testid="live-thumbnail" />
      ) : (
        <div className={`${styles.thumbnail} ${styles.thumbnailEmpty}`}>{tl('detail.thumbnailNone')}</div>
      )}
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="thumbnail-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          upload.mutate(file, {
            // Spec section 8: every failure reads the same.
            onSuccess: (result) => showToast(tl(result.ok ? 'detail.thumbnailUploaded' : 'detail.thumbnailUploadFailed')),
          });
        }}
      />
      <Button size="small" onClick={() => input.current?.click()} disabled={upload.isPending}>
        {tl('detail.thumbnailChange')}
      </Button>
    </div>
  );
}
