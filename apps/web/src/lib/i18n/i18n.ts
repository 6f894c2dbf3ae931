import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { ErrorCode } from '@studio/contract/errors';
import { STUDIO_LANGUAGES, type StudioLanguage } from '@studio/contract/languages';
import { formatMessage, type MessageParams } from './message-format';
import { type MessageKey, messagesKo } from './messages.ko';

export const locales = STUDIO_LANGUAGES;
export type Locale = StudioLanguage;
type Translate = (key: MessageKey, params?: MessageParams) => string;

export const LOCALE_STORAGE_KEY = 'studio.locale';

type ErrorTexts = Record<ErrorCode, string>;

// Korean messages ship with the app; another locale's messages load when chosen. Features carry
// their own catalogues in their lazy chunks (useCatalogueT).
const loaded: Partial<Record<Locale, Record<MessageKey, string>>> = { ko: messagesKo };
const loaders: Record<Locale, () => Promise<Record<MessageKey, string>>> = {
  ko: () => Promise.resolve(messagesKo),
  en: () => import('./messages.en').then(({ messagesEn }) => messagesEn),
};

// The texts of the error codes are no part of the first load (issue 25, point 5): only the active
// locale's are loaded, with the first failed call (lib/api-client.ts waits for them before it
// throws), by a component that words a code as it renders (useErrorTextsLocale), or once the first
// page is usable (app/after-first-load.ts). Korean's are the contract's own messages, the ones the
// server sends with each code; until a locale's texts are in, a code reads as its fallback (that message).
const errorTextLoaders: Record<Locale, () => Promise<ErrorTexts>> = {
  ko: () => import('./error-codes.ko').then(({ errorCodeTextsKo }) => errorCodeTextsKo),
  en: () => import('./error-codes.en').then(({ errorCodeTextsEn }) => errorCodeTextsEn),
};
const errorTexts: Partial<Record<Locale, ErrorTexts>> = {};
const errorTextsLoading: Partial<Record<Locale, Promise<void>>> = {};
/** Set once any error texts were asked for: a switch of locale from then on brings the new locale's. */
let errorTextsWanted = false;

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
  if (errorTextsWanted) await loadErrorTexts(locale);
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
  return formatMessage((loaded[locale] ?? messagesKo)[key], params, locale);
}

/**
 * Loads the error texts of a locale (the current one by default), once; resolves when they are in,
 * or when they could not load (a code then reads as its fallback, and the next call tries again).
 */
export function loadErrorTexts(locale: Locale = current): Promise<void> {
  errorTextsWanted = true;
  return (errorTextsLoading[locale] ??= errorTextLoaders[locale]().then(
    (texts) => {
      errorTexts[locale] = texts;
      listeners.forEach((listener) => listener());
    },
    () => {
      delete errorTextsLoading[locale];
    },
  ));
}

/** The error texts a locale words codes with: its own, Korean's for a locale whose messages have not loaded. */
function errorTextsOf(locale: Locale): Partial<ErrorTexts> {
  return errorTexts[loaded[locale] ? locale : 'ko'] ?? {};
}

/**
 * The text of an error code in the given locale (Korean until that locale has loaded); `fallback`
 * (the server's own message) while the locale's error texts are still on their way.
 */
export function errorCodeText(code: ErrorCode, locale: Locale = current, fallback?: string): string {
  const text = errorTextsOf(locale)[code];
  if (text) return text;
  if (code === 'AUTH_UNAUTHORIZED') return translate('error.loggedOut', undefined, locale);
  return fallback ?? translate('error.unknown', undefined, locale);
}

/** Whether the locale's catalogue words this code (a code the server knows and this build does too). */
export function hasErrorCodeText(code: string, locale: Locale = current): code is ErrorCode {
  return code in errorTextsOf(locale);
}

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}

/**
 * The locale, for a component that words error codes while it renders (errorCodeText,
 * errorMessage): loads the locale's error texts and renders again once they are in.
 */
export function useErrorTextsLocale(): Locale {
  const locale = useLocale();
  const texts = useSyncExternalStore(subscribe, () => errorTexts[locale], () => errorTexts[locale]);
  useEffect(() => {
    if (!texts) void loadErrorTexts(locale);
  }, [locale, texts]);
  return locale;
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
  return own ?? (loaded[locale] ?? messagesKo)[key as MessageKey];
}
