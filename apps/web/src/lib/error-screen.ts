import { ApiError, clientErrorCodes } from './api-error';
import { getLocale, type Locale, translate } from './i18n/i18n';
import type { RuntimeEnv } from './runtime-config';

/** `detail`: outside production, the raw text of an unexpected exception, shown small under the spec's texts (never as the headline). */
export type ErrorScreenTexts = { code: string; title: string; description: string; detail?: string };

type RouteErrorLike = { status: number; statusText?: string; data?: unknown };

function isRouteErrorLike(error: unknown): error is RouteErrorLike {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number';
}

/** The browser could not load a part of the app (Chromium, Firefox and Safari words; Vite's CSS preload). Reloading fetches the current build. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
  );
}

function codeOf(error: unknown): string {
  if (error instanceof ApiError) return error.code;
  if (isChunkLoadError(error)) return clientErrorCodes.chunkLoad;
  if (isRouteErrorLike(error)) return error.status === 404 ? 'ROUTE_NOT_FOUND' : `HTTP_${error.status}`;
  return clientErrorCodes.unknown;
}

/** A product error's own message (an ApiError carries the catalogue's text), or a route response's status text. */
function specificMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.message || undefined;
  if (isRouteErrorLike(error)) return error.statusText || undefined;
  return undefined;
}

/**
 * What the global error screen shows. The code is always shown; in
 * production the spec's generic title and description replace specific ones.
 */
export function errorScreenTexts(error: unknown, env: RuntimeEnv, locale: Locale = getLocale()): ErrorScreenTexts {
  const generic = {
    title: translate('error.screenTitle', undefined, locale),
    description: translate('error.screenDescription', undefined, locale),
  };
  const code = codeOf(error);
  if (env === 'production') return { code, ...generic };
  const specific = specificMessage(error);
  if (specific) return { code, title: specific, description: generic.description };
  // An unexpected exception (a bug, a failed chunk load) is no sentence for a person: the spec's texts lead.
  const detail = error instanceof Error && error.message ? error.message : undefined;
  return { code, ...generic, ...(detail ? { detail } : {}) };
}
