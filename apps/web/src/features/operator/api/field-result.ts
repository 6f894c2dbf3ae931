import { ApiError } from '../../../lib/api-error';

type FieldResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/**
 * A form's expected refusals (an unknown account, an owner already there) are
 * answers shown under the field, not failures: they come back as values so the
 * shared mutation error handler does not toast them too. Anything else throws.
 */
export async function asFieldResult<T>(work: Promise<T>, fieldCodes: ReadonlySet<string>): Promise<FieldResult<T>> {
  try {
    return { ok: true, value: await work };
  } catch (error) {
    if (error instanceof ApiError && fieldCodes.has(error.code)) return { ok: false, error };
    throw error;
  }
}

/** Refusals about the account login typed into an operator form. */
export const loginFieldCodes: ReadonlySet<string> = new Set(['ACCOUNT_NOT_FOUND', 'ALREADY_INVITED', 'OWNER_INVITE_PENDING', 'CHANNEL_HAS_OWNER', 'VALIDATION_FAILED']);
