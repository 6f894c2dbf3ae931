import { useId } from 'react';
import type { ReservationVisibility } from '@studio/contract/content';
import { useWritingT } from '../messages';
import { ReservationPicker } from './reservation-picker';
import styles from './publish.module.css';

export type PublishWhen = { mode: 'now' } | { mode: 'reserve'; at: Date; visibility: ReservationVisibility };

type PublishChoiceProps = {
  value: PublishWhen;
  onChange: (value: PublishWhen) => void;
  now: Date;
  earliest: Date;
  /** Posts publish public or reserved public; articles can also be reserved as hidden. */
  allowHidden: boolean;
};

/** Publish now, or reserve a time (public, or published hidden). */
export function PublishChoice({ value, onChange, now, earliest, allowHidden }: PublishChoiceProps) {
  const t = useWritingT();
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
      <div className={styles.choices} role="radiogroup" aria-label={t('post.whenLabel')}>
        {option('now', t('publish.now'))}
        {option('PUBLIC', t('publish.reserve'))}
        {allowHidden ? option('HIDDEN', t('publish.reserveHidden')) : null}
      </div>
      {value.mode === 'reserve' ? <ReservationPicker value={value.at} now={now} onChange={(at) => onChange({ ...value, at })} /> : null}
    </div>
  );
}
