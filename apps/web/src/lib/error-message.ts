import { ApiError, clientErrorCodes } from './api-error';
import { errorCodeText, getLocale, hasErrorCodeText, type Locale, translate } from './i18n/i18n';

/**
 * The text a person sees for a failure, by the spec's rules: 5xx reads as a
 * temporary error, a product error shows its own message, anything else the
 * unknown-error default.
 */
export function errorMessage(error: unknown, locale: Locale = getLocale()): string {
  if (!(error instanceof ApiError)) return translate('error.unknown', undefined, locale);
  // An outage (SERVICE_UNAVAILABLE, 503) is temporary by nature, whatever a proxy on the way made of its status.
  if (error.status >= 500 || error.code === 'SERVICE_UNAVAILABLE') return translate('error.temporary', undefined, locale);
  if (error.code === clientErrorCodes.timeout) {
    // Worded from the catalogue in every locale (the spec's Korean text is its 'error.timeout').
    const ms = error.extra?.timeoutMs;
    return typeof ms === 'number' ? translate('error.timeout', { ms }, locale) : error.message;
  }
  if (locale !== 'ko') {
    // Server messages are Korean; a known code has an English text.
    if (hasErrorCodeText(error.code, locale)) return errorCodeText(error.code, locale);
    if (error.code === clientErrorCodes.unknown || error.code === clientErrorCodes.network) {
      return translate('error.unknown', undefined, locale);
    }
  }
  return error.message || translate('error.unknown', undefined, locale);
}
