// No zod here: the browser's first load chooses its catalogue with these (lib/i18n, docs/decisions/057).

/** The studio's languages (Korean first, the default; spec texts are Korean). */
export const STUDIO_LANGUAGES = ['ko', 'en'] as const;
export type StudioLanguage = (typeof STUDIO_LANGUAGES)[number];
