import { ApiError } from './api-error';

export type FieldResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/**
 * A form's expected refusals (unknown account, already a member…) are answers
 * shown under the field, not failures: they come back as values, so the shared
 * mutation error handler does not toast them too. Anything else still throws.
 */
export async function asFieldResult<T>(work: Promise<T>, fieldCodes: ReadonlySet<string>): Promise<FieldResult<T>> {
  try {
    return { ok: true, value: await work };
  } catch (error) {
    if (error instanceof ApiError && fieldCodes.has(error.code)) return { ok: false, error };
    throw error;
  }
}
