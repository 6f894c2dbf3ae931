import { useId } from 'react';
import type { ReservationVisibility } from '@studio/contract/content';
import { useReservationT } from './reservation-messages';
import { ReservationPicker } from './reservation-picker';
import styles from './reservation.module.css';

export type PublishWhen = { mode: 'now' } | { mode: 'reserve'; at: Date; visibility: ReservationVisibility };

type PublishChoiceProps = {
  value: PublishWhen;
  onChange: (value: PublishWhen) => void;
  now: Date;
  earliest: Date;
  /** Posts publish public or reserved public; articles and loops can also be reserved as hidden. */
  allowHidden: boolean;
};

/**
 * Publish now, or reserve a time (public, or published hidden): the one publishing choice of the
 * editor, the post page and the loop page, on the contract's reservation rule.
 */
export function PublishChoice({ value, onChange, now, earliest, allowHidden }: PublishChoiceProps) {
  const t = useReservationT();
  const name = useId();
  const reservedAt = value.mode === 'reserve' ? value.at : earliest;
  const option = (mode: 'now' | 'PUBLIC' | 'HIDDEN', label: string) => {
    const checked = mode === 'now' ? value.mode === 'now' : value.mode === 'reserve' && value.visibility === mode;
    return (
      <label className={styles.choice}>
        <input
          type="radio"
          name={name}
          checked={checked}
          onChange={() => onChange(mode === 'now' ? { mode: 'now' } : { mode: 'reserve', at: reservedAt, visibility: mode })}
        />
        {label}
      </label>
    );
  };
  return (
    <div className={styles.publishBody}>
      <div className={styles.choices} role="radiogroup" aria-label={t('publish.whenLabel')}>
        {option('now', t('publish.now'))}
        {option('PUBLIC', t('publish.reserve'))}
        {allowHidden ? option('HIDDEN', t('publish.reserveHidden')) : null}
      </div>
      {value.mode === 'reserve' ? <ReservationPicker value={value.at} now={now} onChange={(at) => onChange({ ...value, at })} /> : null}
    </div>
  );
}
