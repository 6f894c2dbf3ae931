import { characterCount } from '@studio/contract/text';
import styles from './form.module.css';

/**
 * The x/N counter of a bounded text field, counted as the contract counts
 * (characters, not UTF-16 units); its field names it in aria-describedby. Past the limit it turns red: the field is
 * never cut, the form refuses it with its message (issue 25).
 */
export function CharacterCount({ id, value, max }: { id: string; value: string; max: number }) {
  const count = characterCount(value.trim());
  return (
    <span id={id} className={styles.counter} data-over={count > max || undefined}>
      {count}/{max}
    </span>
  );
}

/** Whether a value (trimmed, as the contract checks it) is past its limit. */
export function isTooLong(value: string, max: number): boolean {
  return characterCount(value.trim()) > max;
}
