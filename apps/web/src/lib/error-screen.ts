import { ApiError, clientErrorCodes } from './api-error';
import { getLocale, type Locale, translate } from './i18n/i18n';
import type { RuntimeEnv } from './runtime-config';

export type ErrorScreenTexts = { code: string; title: string; description: string };

type RouteErrorLike = { status: number; statusText?: string; data?: unknown };

function isRouteErrorLike(error: unknown): error is RouteErrorLike {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number';
}

function codeOf(error: unknown): string {
  if (error instanceof ApiError) return error.code;
  if (isRouteErrorLike(error)) return error.status === 404 ? 'ROUTE_NOT_FOUND' : `HTTP_${error.status}`;
  return clientErrorCodes.unknown;
}

function specificMessage(error: unknown): string | undefined {
  if (error instanceof Error && error.message) return error.message;
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
  return { code, title: specificMessage(error) ?? generic.title, description: generic.description };
}
