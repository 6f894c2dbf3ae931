import { useId } from 'react';
import { toKoreanParts } from '@studio/contract/korea-time';
import { earliestReservationSlot, reservationProblem } from '@studio/contract/reservation';
import { useFormat } from '../../lib/format/use-format';
import { useReservationT } from './reservation-messages';
import { bookable, choose, dateValue, hourOptions, minuteOptions, parseDateValue } from './reservation-fields';
import styles from './reservation.module.css';

type ReservationPickerProps = {
  value: Date;
  onChange: (value: Date) => void;
  now: Date;
};

const two = (value: number) => String(value).padStart(2, '0');

/**
 * A reservation time on the 10-minute step, read and chosen in Korean time
 * (UTC+9) whatever the browser's zone: a date, an hour and a minute, never
 * before the earliest bookable slot (the contract's rule, as the server checks it).
 */
export function ReservationPicker({ value, onChange, now }: ReservationPickerProps) {
  const t = useReservationT();
  const format = useFormat();
  const id = useId();
  const parts = toKoreanParts(value);
  const earliest = earliestReservationSlot(now);
  const can = bookable(value, now);
  const problem = reservationProblem(value, now);

  return (
    <fieldset className={styles.picker}>
      <legend className={styles.legend}>{t('reserve.legend')}</legend>
      <div className={styles.pickerFields}>
        <label className={styles.pickerField}>
          <span className={styles.pickerLabel}>{t('reserve.date')}</span>
          <input
            type="date"
            className={styles.input}
            value={dateValue(parts)}
            min={dateValue(toKoreanParts(earliest))}
            required
            onChange={(event) => {
              const date = parseDateValue(event.target.value);
              if (date) onChange(choose(value, date, now));
            }}
          />
        </label>
        <label className={styles.pickerField}>
          <span className={styles.pickerLabel}>{t('reserve.hour')}</span>
          <select className={styles.input} value={parts.hour} onChange={(event) => onChange(choose(value, { hour: Number(event.target.value) }, now))}>
            {hourOptions.map((hour) => (
              <option key={hour} value={hour} disabled={!can.hour(hour)}>
                {t('reserve.hourOption', { hour: two(hour) })}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.pickerField}>
          <span className={styles.pickerLabel}>{t('reserve.minute')}</span>
          <select
            className={styles.input}
            value={parts.minute}
            aria-describedby={`${id}-summary`}
            onChange={(event) => onChange(choose(value, { minute: Number(event.target.value) }, now))}
          >
            {minuteOptions.map((minute) => (
              <option key={minute} value={minute} disabled={!can.minute(minute)}>
                {t('reserve.minuteOption', { minute: two(minute) })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p id={`${id}-summary`} className={styles.pickerSummary}>
        {problem === 'TOO_EARLY'
          ? t('reserve.tooEarly', { time: format.dateTime(earliest.toISOString()) })
          : problem === 'OFF_STEP'
            ? t('reserve.offStep')
            : t('reserve.summary', { time: format.dateTime(value.toISOString()) })}
      </p>
      <p className={styles.pickerHint}>{t('reserve.earliest', { time: format.dateTime(earliest.toISOString()) })}</p>
    </fieldset>
  );
}
