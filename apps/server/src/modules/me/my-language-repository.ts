import type { StudioLanguage } from '@studio/contract/user';
import type { Db } from '../../db/schema';

/** The studio language kept with a person (migration 0039). */
export function myLanguageRepository(db: Db) {
  return {
    async find(userId: number): Promise<StudioLanguage | null> {
      const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
      return row?.language ?? null;
    },

    async save(userId: number, language: StudioLanguage): Promise<void> {
      await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
    },
  };
}
