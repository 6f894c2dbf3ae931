import { z } from 'zod/mini';
import { STUDIO_LANGUAGES } from './languages';

// zod/mini: the shell parses this on every first load (docs/decisions/023).

/** The signed-in person as the studio shell needs them. */
export const Me = z.object({
  id: z.int(),
  name: z.string(),
  login: z.string(),
  profileImageUrl: z.nullable(z.string()),
  /** Spec section 3, "User profile". */
  isUser: z.boolean(),
  isOperator: z.boolean(),
});
export type Me = z.infer<typeof Me>;

/** The studio's languages (Korean first, the default; spec texts are Korean). */
export { STUDIO_LANGUAGES };
export const StudioLanguage = z.enum(STUDIO_LANGUAGES);
export type StudioLanguage = z.infer<typeof StudioLanguage>;

/** GET /me/language: the language kept with the person, null until they choose one (the browser's choice stands). */
export const MyLanguage = z.object({ language: z.nullable(StudioLanguage) });
export type MyLanguage = z.infer<typeof MyLanguage>;

/** PUT /me/language */
export const MyLanguageUpdate = z.strictObject({ language: StudioLanguage });
export type MyLanguageUpdate = z.infer<typeof MyLanguageUpdate>;
