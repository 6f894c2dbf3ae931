import type { MyLanguage, StudioLanguage } from '@studio/contract/user';
import type { Db } from '../../db/schema';
import { myLanguageRepository } from './my-language-repository';

/**
 * Issue 23, point 6: the studio's language per person. The browser reads it once after sign-in and
 * applies it; choosing a language (the footer or /profile/my) saves it. A repeat saves the same.
 */
export function myLanguageService(db: Db) {
  const languages = myLanguageRepository(db);
  return {
    async get(userId: number): Promise<MyLanguage> {
      return { language: await languages.find(userId) };
    },

    async set(userId: number, language: StudioLanguage): Promise<MyLanguage> {
      await languages.save(userId, language);
      return { language };
    },
  };
}
