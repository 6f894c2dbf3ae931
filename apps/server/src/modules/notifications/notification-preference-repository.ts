import type { NotificationGroup } from '@studio/contract/enums';
import type { Database, Db } from '../../db/schema';
import type { Transaction } from 'kysely';

type Executor = Db | Transaction<Database>;

/** The notification groups a person switched off (migration 0030); the producer reads the same rows. */
export function notificationPreferenceRepository(db: Db) {
  return {
    async muted(userId: number, executor: Executor = db): Promise<NotificationGroup[]> {
      const rows = await executor.selectFrom('notification_mutes').select('notification_group').where('user_id', '=', userId).execute();
      return rows.map((row) => row.notification_group);
    },
    /** Switches groups on (their rows go) and off (a row each, kept from the first time it was switched off). */
    async set(tx: Transaction<Database>, userId: number, on: readonly NotificationGroup[], off: readonly NotificationGroup[], at: Date): Promise<void> {
      if (on.length > 0) await tx.deleteFrom('notification_mutes').where('user_id', '=', userId).where('notification_group', 'in', on).execute();
      if (off.length > 0) {
        await tx
          .insertInto('notification_mutes')
          .values(off.map((group) => ({ user_id: userId, notification_group: group, muted_at: at })))
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      }
    },
  };
}
