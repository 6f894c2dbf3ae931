import { useId, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { serverUrl } from '../../../lib/runtime-config';
import { useUploadProfileImage } from '../api/upload-profile-image';
import { useApplicationsT } from '../messages';
import styles from './apply.module.css';

/** The channel's profile image: uploaded at once, shown as the server stored it (cropped, re-encoded). */
export function ProfileImageField({ value, onChange }: { value: string | null; onChange: (url: string | null) => void }) {
  const t = useApplicationsT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProfileImage();
  return (
    <div className={styles.group}>
      <span className={styles.legend} id={`${id}-label`}>
        {t('apply.form.profileImage')}
      </span>
      <div className={styles.image}>
        {value ? <img className={styles.preview} src={serverUrl(value)} alt={t('apply.form.profileImage')} width={72} height={72} /> : <span className={styles.preview} aria-hidden="true" />}
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif"
          className={styles.visuallyHidden}
          aria-labelledby={`${id}-label`}
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) upload.mutate(file, { onSuccess: (image) => onChange(image.url) });
          }}
        />
        <Button size="small" disabled={upload.isPending} onClick={() => input.current?.click()}>
          {upload.isPending ? t('apply.form.profileImageUploading') : t('apply.form.profileImageUpload')}
        </Button>
        {value ? (
          <Button size="small" variant="ghost" disabled={upload.isPending} onClick={() => onChange(null)}>
            {t('apply.form.profileImageRemove')}
          </Button>
        ) : null}
      </div>
      <p className={styles.hint}>{t('apply.form.profileImageHint')}</p>
    </div>
  );
}
