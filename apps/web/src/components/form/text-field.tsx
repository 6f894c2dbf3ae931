import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useT } from '../../lib/i18n/i18n';
import type { FieldProblem } from './form-resolver';
import styles from './form.module.css';

type TextFieldProps = {
  label: string;
  placeholder?: string;
  maxLength?: number;
  registration: UseFormRegisterReturn;
  /** From the resolver (a problem's name) or set after the server refused the value (its text). */
  error: FieldError | undefined;
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
export function TextField({ label, placeholder, maxLength, registration, error }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const errorText = useFieldErrorText()(error);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        maxLength={maxLength}
        autoComplete="off"
        placeholder={placeholder}
        aria-invalid={errorText ? true : undefined}
        aria-describedby={errorText ? errorId : undefined}
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
