import { useId } from 'react';
import styles from './settings.module.css';

type LoginFieldProps = {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and announced at once. */
  error: string | null;
  /** Typing clears the error: it was about the login that was sent. */
  onErrorClear: () => void;
};

/** The account login that the invite and the transfer forms ask for, with its inline error. */
export function LoginField({ label, placeholder, value, onChange, error, onErrorClear }: LoginFieldProps) {
  const id = useId();
  const inputId = `${id}-login`;
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <input
        id={inputId}
        className={styles.input}
        value={value}
        maxLength={100}
        autoComplete="off"
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          if (error) onErrorClear();
        }}
      />
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
