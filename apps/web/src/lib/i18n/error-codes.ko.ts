import { errorCatalogue, type ErrorCode } from '@studio/contract/error-catalogue';

/**
 * The Korean text of every error code is the contract's own message (the spec's words, section 8,
 * where it gives them): the server answers with it and the studio shows it, one copy for both, so
 * the first load carries it once. English lives in error-codes.en.ts, complete by its type.
 */
export const errorCodeTextsKo = Object.fromEntries(Object.entries(errorCatalogue).map(([code, entry]) => [code, entry.message])) as Record<ErrorCode, string>;
