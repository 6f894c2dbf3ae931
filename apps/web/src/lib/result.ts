import { ApiError } from './api-error';
import { isUnauthorized } from './handle-error';

/** A call whose refusal the caller answers itself: the value, or the refusal it expected. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/**
 * Which refusals the caller answers with its own text (spec section 8): a list of codes (a form's field
 * errors), or `anyRefusal` when every refusal of the call has one text (a thumbnail upload, a live delete).
 */
export type Expected = ReadonlySet<string> | 'anyRefusal';

/** An ended session is never expected: the shared handler tells the person and sends them to login. */
export function isExpected(error: unknown, expected: Expected): error is ApiError {
  if (!(error instanceof ApiError) || isUnauthorized(error)) return false;
  return expected === 'anyRefusal' || expected.has(error.code);
}

/**
 * The one way the web handles an expected failure: the refusal comes back as a value, so the caller
 * shows its text and the shared mutation error handler (lib/handle-error.ts) does not toast it too.
 * A 401 and every unexpected failure still reject, and reach that handler exactly as before.
 */
export async function asResult<T>(work: Promise<T>, expected: Expected): Promise<Result<T>> {
  try {
    return { ok: true, value: await work };
  } catch (error) {
    if (isExpected(error, expected)) return { ok: false, error };
    throw error;
  }
}
