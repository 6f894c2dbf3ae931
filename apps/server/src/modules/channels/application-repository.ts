import type { Insertable } from 'kysely';
import type { Database, Db } from '../../db/schema';

export function applicationRepository(db: Db) {
  return {
    /** Whether any of the person's applications was reviewed since `since` (the selector's new-alarm marker). */
    async hasReviewedSince(userId: number, since: Date): Promise<boolean> {
      const row = await db
        .selectFrom('channel_applications')
        .select('id')
        .where('applicant_user_id', '=', userId)
        .where('reviewed_at', '>=', since)
        .where('status', 'in', ['APPROVE', 'REJECT'])
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

/** An application row as given: the application flow is not built yet, so only seeds and tests write them. */
export async function insertApplication(db: Db, values: Insertable<Database['channel_applications']>): Promise<number> {
  const row = await db.insertInto('channel_applications').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
