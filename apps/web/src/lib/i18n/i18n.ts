import { useCallback, useSyncExternalStore } from 'react';
import { type ErrorCode, errorCatalogue } from '@studio/contract/errors';
import { type MessageKey, messagesKo } from './messages.ko';
import { errorCodeTextsEn, messagesEn } from './messages.en';

export const locales = ['ko', 'en'] as const;
export type Locale = (typeof locales)[number];
export type MessageParams = Record<string, string | number>;
export type Translate = (key: MessageKey, params?: MessageParams) => string;

export const LOCALE_STORAGE_KEY = 'studio.locale';

const catalogues: Record<Locale, Record<MessageKey, string>> = { ko: messagesKo, en: messagesEn };

function isLocale(value: unknown): value is Locale {
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

let current: Locale = storedLocale();
const listeners = new Set<() => void>();

export function getLocale(): Locale {
  return current;
}

export function setLocale(locale: Locale): void {
  if (locale === current) return;
  current = locale;
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not persisting is fine; the switch still applies to this page.
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  listeners.forEach((listener) => listener());
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
  return format(catalogues[locale][key], params);
}

/** The text of a catalogue error code in the current locale. */
export function errorCodeText(code: ErrorCode, locale: Locale = current): string {
  return locale === 'ko' ? errorCatalogue[code].message : errorCodeTextsEn[code];
}

export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}

export function useT(): Translate {
  const locale = useLocale();
  return useCallback<Translate>((key, params) => translate(key, params, locale), [locale]);
}
