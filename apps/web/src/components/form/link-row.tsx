import type { UseFormRegisterReturn } from 'react-hook-form';
import { URL_MAX_LENGTH, type LinkKind } from '@studio/contract/links';
import { Tag } from '../ui/badges';
import { Button } from '../ui/button';
import formStyles from './form.module.css';
import styles from './link-row.module.css';

/** A field's message under it, announced when it appears; nothing when there is none. */
export function FieldMessage({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p id={id} className={formStyles.error} role="alert">
      {text}
    </p>
  ) : null;
}

type LinkRowProps = {
  id: string;
  /** The field's name for assistive technology (the row shows no label). */
  label: string;
  placeholder: string;
  /** The link as typed, which names its kind beside the field. */
  url: string;
  /** The kind the typed link is recognised as, and its name. */
  kind: { code: LinkKind; text: string };
  error: string | undefined;
  registration: UseFormRegisterReturn;
  /** The ✕ that removes the row; left out where the row may not go. */
  remove?: { label: string; onRemove: () => void };
};

/**
 * One link of a links list (spec section 5: http or https, recognised by domain): the field, its
 * message, the kind it is recognised as, and the ✕ that removes it. The channel profile and the
 * channel application share it.
 */
export function LinkRow({ id, label, placeholder, url, kind, error, registration, remove }: LinkRowProps) {
  return (
    <div className={styles.linkRow}>
      <div className={`${formStyles.field} ${styles.linkInput}`}>
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        <input
          id={id}
          type="url"
          inputMode="url"
          className={formStyles.input}
          maxLength={URL_MAX_LENGTH}
          autoComplete="off"
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-kind`}
          {...registration}
        />
        <FieldMessage id={`${id}-error`} text={error} />
      </div>
      <span className={styles.linkKind} id={`${id}-kind`} data-link-kind={url.trim() ? kind.code : undefined}>
        {url.trim() ? <Tag tone={kind.code === 'OTHER' ? 'neutral' : 'accent'}>{kind.text}</Tag> : null}
      </span>
      {remove ? (
        <Button size="small" variant="ghost" className={styles.linkRemove} onClick={remove.onRemove} aria-label={remove.label}>
          ✕
        </Button>
      ) : null}
    </div>
  );
}
