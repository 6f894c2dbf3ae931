import type { StudioLanguage } from '@studio/contract/user';
import { apiClient, schemaOf } from '../../../lib/api-client';
import { getLocale, setLocale } from '../../../lib/i18n/i18n';

/** Loaded when an answer is checked, after the first page (docs/decisions/057). */
const userSchemas = () => import('@studio/contract/user');

/** Set once the person picks a language on this page: what the server answers later no longer overrides it. */
let chosenHere = false;

/**
 * Issue 23, point 6: after sign-in, the language kept with the person replaces the browser's (which
 * stands while they have none kept). Called once per app load by the signed-in layout; a failed read
 * leaves the browser's choice.
 */
export async function applyKeptLanguage(): Promise<void> {
  try {
    const { language } = await apiClient.get('/api/me/language', schemaOf(userSchemas, 'MyLanguage'));
    if (language !== null && !chosenHere && language !== getLocale()) await setLocale(language);
  } catch {
    // The browser's choice stands.
  }
}

/** The person picked a language (footer or /profile/my): applied here at once and kept with them. */
export async function chooseLanguage(language: StudioLanguage): Promise<void> {
  chosenHere = true;
  await setLocale(language);
  try {
    await apiClient.put('/api/me/language', { bodySchema: schemaOf(userSchemas, 'MyLanguageUpdate'), body: { language }, schema: schemaOf(userSchemas, 'MyLanguage') });
  } catch {
    // Kept in this browser only until the next choice reaches the server.
  }
}
