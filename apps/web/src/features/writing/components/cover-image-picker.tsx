import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Section } from '../../../components/ui/page';
import { showToast } from '../../../lib/toast';
import { useWritingT } from '../messages';
import styles from './editor.module.css';

type CoverImagePickerProps = {
  url: string | null;
  disabled: boolean;
  onUpload: (file: File) => Promise<{ id: number; url: string }>;
  onChange: (cover: { id: number; url: string } | null) => void;
};

/** The article's cover: the image lists show as its thumbnail. */
export function CoverImagePicker({ url, disabled, onUpload, onChange }: CoverImagePickerProps) {
  const t = useWritingT();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  async function choose(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    try {
      onChange(await onUpload(file));
    } catch {
      showToast(t('image.failed'));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <Section title={t('cover.title')} headingLevel="h2">
      <div className={styles.cover}>
        {url ? <img className={styles.coverImage} src={url} alt={t('cover.alt')} /> : <p className={styles.hint}>{t('cover.none')}</p>}
        {uploading ? (
          <p className={styles.hint} role="status">
            {t('image.uploading')}
          </p>
        ) : null}
        <div className={styles.coverActions}>
          <Button size="small" disabled={disabled || uploading} onClick={() => input.current?.click()}>
            {url ? t('cover.change') : t('cover.choose')}
          </Button>
          {url ? (
            <Button size="small" variant="ghost" disabled={disabled || uploading} onClick={() => onChange(null)}>
              {t('cover.remove')}
            </Button>
          ) : null}
        </div>
        <input ref={input} type="file" accept="image/*" hidden data-testid="cover-image-input" onChange={(event) => void choose(event.target.files?.[0])} />
      </div>
    </Section>
  );
}
