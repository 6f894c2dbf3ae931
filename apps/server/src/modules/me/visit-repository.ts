import type { Db } from '../../db/schema';

export function visitRepository(db: Db) {
  return {
    async record(userId: number, path: string | null, userAgent: string | null): Promise<void> {
      await db.insertInto('user_visits').values({ user_id: userId, path, user_agent: userAgent }).execute();
    },
  };
}
