import { errorCodeText, hasErrorCodeText, type Locale } from '../../../lib/i18n/i18n';

/** Why a loop failed, in the reader's words; a code this build does not know reads as the generic failure. */
export function loopErrorText(code: string, locale: Locale): string {
  return errorCodeText(hasErrorCodeText(code, locale) ? code : 'LOOP_PROCESSING_FAILED', locale);
}
