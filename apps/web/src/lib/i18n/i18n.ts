import { useCallback, useSyncExternalStore } from 'react';
import type { ErrorCode } from '@studio/contract/errors';
import { STUDIO_LANGUAGES, type StudioLanguage } from '@studio/contract/languages';
import { formatMessage, type MessageParams } from './message-format';
import { type MessageKey, messagesKo } from './messages.ko';

export const locales = STUDIO_LANGUAGES;
export type Locale = StudioLanguage;
type Translate = (key: MessageKey, params?: MessageParams) => string;

export const LOCALE_STORAGE_KEY = 'studio.locale';

type Catalogue = { messages: Record<MessageKey, string>; errorCodes: Record<ErrorCode, string> };

// Korean ships with the app; other locales load when chosen. Features carry
// their own catalogues in their lazy chunks (useCatalogueT). Korean error texts
// (the contract's own messages, one per code) come in a chunk of their own that
// starts loading at once: until it is there, a code reads as the message the
// server sent with it, and the shell's logged-out toast has its text here.
const korean: Catalogue = { messages: messagesKo, errorCodes: {} as Record<ErrorCode, string> };
const koreanErrorTexts = import('./error-codes.ko').then(
  ({ errorCodeTextsKo }) => {
    korean.errorCodes = errorCodeTextsKo;
  },
  () => undefined,
);
const loaded: Partial<Record<Locale, Catalogue>> = { ko: korean };
const loaders: Record<Locale, () => Promise<Catalogue>> = {
  ko: () => koreanErrorTexts.then(() => korean),
  en: () =>
    Promise.all([import('./messages.en'), import('./error-codes.en')]).then(([messages, errorCodes]) => ({
      messages: messages.messagesEn,
      errorCodes: errorCodes.errorCodeTextsEn,
    })),
};

let current: Locale = 'ko';
const listeners = new Set<() => void>();

export function isLocale(value: unknown): value is Locale {
  return locales.includes(value as Locale);
}

function storedLocale(): Locale {
  try {
    const value = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    return isLocale(value) ? value : 'ko';
  } catch {
    // Storage can be blocked (private mode, sandboxed frames): Korean is the default.
    return 'ko';
  }
}

export function getLocale(): Locale {
  return current;
}

/** Switches the UI language once its catalogue is loaded, and remembers the choice. */
export async function setLocale(locale: Locale): Promise<void> {
  loaded[locale] ??= await loaders[locale]();
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not persisting is fine; the switch still applies to this page.
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  if (locale === current) return;
  current = locale;
  listeners.forEach((listener) => listener());
}

/** Before the first render: the stored locale, or Korean if it cannot load. */
export async function initLocale(): Promise<void> {
  const locale = storedLocale();
  if (locale === 'ko') return;
  try {
    await setLocale(locale);
  } catch {
    // Stay in Korean.
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A catalogue text with its parameters filled in (ICU-style plural and select included). */
export function format(template: string, params?: MessageParams, locale: Locale = current): string {
  return formatMessage(template, params, locale);
}

/** For code outside React (error handling). */
export function translate(key: MessageKey, params?: MessageParams, locale: Locale = current): string {
  return formatMessage((loaded[locale] ?? korean).messages[key], params, locale);
}

/**
 * The text of an error code in the given locale (Korean until that locale has loaded); `fallback`
 * (the server's own message) while the Korean texts are still on their way.
 */
export function errorCodeText(code: ErrorCode, locale: Locale = current, fallback?: string): string {
  const text = (loaded[locale] ?? korean).errorCodes[code] as string | undefined;
  if (text) return text;
  if (code === 'AUTH_UNAUTHORIZED') return translate('error.loggedOut', undefined, locale);
  return fallback ?? translate('error.unknown', undefined, locale);
}

/** Whether the locale's catalogue words this code (a code the server knows and this build does too). */
export function hasErrorCodeText(code: string, locale: Locale = current): code is ErrorCode {
  return code in (loaded[locale] ?? korean).errorCodes;
}

/** Resolves once the Korean error texts are in (tests, and anything that must not show a fallback). */
export function koreanErrorTextsLoaded(): Promise<void> {
  return koreanErrorTexts;
}

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}

export function useT(): Translate {
  const locale = useLocale();
  return useCallback<Translate>((key, params) => translate(key, params, locale), [locale]);
}

/** `t` of a feature: its own catalogue first, then the shell's shared words (roles, types, statuses, common). */
export type FeatureT<K extends string> = (key: K | MessageKey, params?: MessageParams) => string;

/**
 * `t` for a feature's own catalogue, which loads with the feature's lazy
 * chunk instead of the first load. Both locales of a feature are small, so
 * they travel together; the types make English complete.
 */
export function useCatalogueT<K extends string>(catalogues: Record<Locale, Record<K, string>>): FeatureT<K> {
  const locale = useLocale();
  return useCallback<FeatureT<K>>(
    (key, params) => formatMessage(featureText(catalogues, key, locale), params, locale),
    [catalogues, locale],
  );
}

/** The same lookup outside React (renderers, tests). */
export function featureTranslate<K extends string>(catalogues: Record<Locale, Record<K, string>>, locale: Locale = current): FeatureT<K> {
  return (key, params) => formatMessage(featureText(catalogues, key, locale), params, locale);
}

function featureText<K extends string>(catalogues: Record<Locale, Record<K, string>>, key: K | MessageKey, locale: Locale): string {
  const own = (catalogues[locale] as Record<string, string | undefined>)[key];
  return own ?? (loaded[locale] ?? korean).messages[key as MessageKey];
}
