import { useSuspenseQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { NOTIFICATION_PREFERENCE_GROUPS } from '@studio/contract/notification-preferences';
import { notificationPreferencesQueryOptions } from '../api/get-notification-preferences';
import { useSaveNotificationPreferences } from '../api/save-notification-preferences';
import { useNotificationsT } from '../messages';
import styles from './notification-preferences.module.css';

/**
 * Which notification groups the person receives (spec section 3: ALL, ADMIN, CHANNEL). Each switch
 * saves at once; the server stops writing a muted group's notifications (no row, no push).
 */
export function NotificationPreferencesForm() {
  const t = useNotificationsT();
  const legendId = useId();
  const { data: preferences } = useSuspenseQuery(notificationPreferencesQueryOptions());
  const save = useSaveNotificationPreferences();
  return (
    <fieldset className={styles.fieldset}>
      <legend id={legendId} className={styles.legend}>
        {t('preferences.legend')}
      </legend>
      <ul className={styles.list}>
        {NOTIFICATION_PREFERENCE_GROUPS.map((group) => {
          const hintId = `${legendId}-${group}`;
          const offByAll = group !== 'ALL' && !preferences.ALL;
          return (
            <li key={group} className={`${styles.row} ${offByAll ? styles.muted : ''}`}>
              <input
                id={`${hintId}-input`}
                type="checkbox"
                role="switch"
                className={styles.switch}
                checked={preferences[group]}
                aria-describedby={hintId}
                onChange={(event) => save.mutate({ ...preferences, [group]: event.target.checked })}
              />
              <div className={styles.text}>
                <label htmlFor={`${hintId}-input`} className={styles.label}>
                  {t(`preferences.${group}`)}
                </label>
                <p id={hintId} className={styles.hint}>
                  {offByAll ? t('preferences.offByAll') : t(`preferences.${group}.hint`)}
                </p>
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
