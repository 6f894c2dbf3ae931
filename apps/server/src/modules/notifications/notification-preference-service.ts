import { NOTIFICATION_PREFERENCE_GROUPS, type NotificationPreferences } from '@studio/contract/notification-preferences';
import type { NotificationGroup } from '@studio/contract/enums';
import type { Db } from '../../db/schema';
import { notificationPreferenceRepository } from './notification-preference-repository';

const preferencesOf = (muted: readonly NotificationGroup[]): NotificationPreferences => ({
  ALL: !muted.includes('ALL'),
  ADMIN: !muted.includes('ADMIN'),
  CHANNEL: !muted.includes('CHANNEL'),
});

/**
 * Which notification groups a person receives. Saving states every group at once (a PUT): saving the
 * same choice again changes nothing and answers the same. The producer honours it in the statement that
 * writes notifications (notification-repository.ts), so a muted group produces no row and no push.
 */
export function notificationPreferenceService(db: Db) {
  const preferences = notificationPreferenceRepository(db);
  return {
    async get(userId: number): Promise<NotificationPreferences> {
      return preferencesOf(await preferences.muted(userId));
    },
    async save(userId: number, wanted: NotificationPreferences, at: Date): Promise<NotificationPreferences> {
      return db.transaction().execute(async (trx) => {
        const on = NOTIFICATION_PREFERENCE_GROUPS.filter((group) => wanted[group]);
        const off = NOTIFICATION_PREFERENCE_GROUPS.filter((group) => !wanted[group]);
        await preferences.set(trx, userId, on, off, at);
        return preferencesOf(await preferences.muted(userId, trx));
      });
    },
  };
}
