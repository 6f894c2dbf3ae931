import type { Db } from '../../db/schema';

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
