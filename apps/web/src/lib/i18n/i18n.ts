import { useCallback, useSyncExternalStore } from 'react';
import { type ErrorCode, errorCatalogue } from '@studio/contract/errors';
import { type MessageKey, messagesKo } from './messages.ko';

export const locales = ['ko', 'en'] as const;
export type Locale = (typeof locales)[number];
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

export const LOCALE_STORAGE_KEY = 'studio.locale';

type Catalogue = { messages: Record<MessageKey, string>; errorCodes: Partial<Record<ErrorCode, string>> };

// Korean ships with the app; other locales load when chosen.
const loaded: Partial<Record<Locale, Catalogue>> = { ko: { messages: messagesKo, errorCodes: {} } };
const loaders: Record<Locale, () => Promise<Catalogue>> = {
  ko: () => Promise.resolve({ messages: messagesKo, errorCodes: {} }),
  en: () => import('./messages.en').then((module) => ({ messages: module.messagesEn, errorCodes: module.errorCodeTextsEn })),
};

let current: Locale = 'ko';
const listeners = new Set<() => void>();

export function isLocale(value: unknown): value is Locale {
  return locales.includes(value as Locale);
}

export function storedLocale(): Locale {
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

export function format(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** For code outside React (error handling). */
export function translate(key: MessageKey, params?: MessageParams, locale: Locale = current): string {
  return format((loaded[locale] ?? loaded.ko)!.messages[key], params);
}

/** The text of a catalogue error code in the given locale; Korean when it has no translation. */
export function errorCodeText(code: ErrorCode, locale: Locale = current): string {
  return loaded[locale]?.errorCodes[code] ?? errorCatalogue[code].message;
}

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}

export function useT(): Translate {
  const locale = useLocale();
  return useCallback<Translate>((key, params) => translate(key, params, locale), [locale]);
}

/** `t` for a catalogue of its own (loaded with the pages that use it). */
export function useCatalogueT<K extends string>(catalogues: Record<Locale, Record<K, string>>) {
  const locale = useLocale();
  return useCallback((key: K, params?: MessageParams) => format(catalogues[locale][key], params), [catalogues, locale]);
}
