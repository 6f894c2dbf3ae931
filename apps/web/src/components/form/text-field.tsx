import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { characterCount } from '@studio/contract/text';
import { useT } from '../../lib/i18n/i18n';
import { CharacterCount, isTooLong } from './character-count';
import type { FieldProblem } from './form-resolver';
import styles from './form.module.css';

type TextFieldProps = {
  label: string;
  placeholder?: string;
  maxLength?: number;
  registration: UseFormRegisterReturn;
  /** From the resolver (a problem's name) or set after the server refused the value (its text). */
  error: FieldError | undefined;
  /**
   * A bounded field: its x/max counter beside the label and, past max, `tooLong` (given the count)
   * as its message while it is typed. Such a field is never cut (issue 25): give it no maxLength.
   */
  limit?: { value: string; max: number; tooLong: (count: number) => string };
};

/** Names the spec's texts for the resolver's problems; a server's refusal arrives as its own text. */
function useFieldErrorText() {
  const t = useT();
  return (error: FieldError | undefined): string | undefined => {
    if (!error) return undefined;
    const problem = error.message;
    if (problem === ('required' satisfies FieldProblem)) return t('form.required');
    if (problem === ('invalid' satisfies FieldProblem) || !problem) return t('form.invalid');
    return problem;
  };
}

/** A labelled text input whose error sits under it, announced, and tied to it for assistive technology. */
export function TextField({ label, placeholder, maxLength, registration, error, limit }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const problemText = useFieldErrorText()(error);
  const errorText = limit && isTooLong(limit.value, limit.max) ? limit.tooLong(characterCount(limit.value.trim())) : problemText;
  const labelElement = (
    <label htmlFor={id} className={styles.label}>
      {label}
    </label>
  );
  const describedBy = [limit ? countId : null, errorText ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      {limit ? (
        <div className={styles.labelRow}>
          {labelElement}
          <CharacterCount id={countId} value={limit.value} max={limit.max} />
        </div>
      ) : (
        labelElement
      )}
      <input
        id={id}
        className={styles.input}
        maxLength={maxLength}
        autoComplete="off"
        placeholder={placeholder}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...registration}
      />
      {errorText ? (
        <p id={errorId} className={styles.error} role="alert">
          {errorText}
        </p>
      ) : null}
    </div>
  );
}
