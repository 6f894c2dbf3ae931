import { ApiError } from '../../../lib/api-error';
import { isUnauthorized } from '../../../lib/handle-error';

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * For calls whose failure has its own text in the spec (a stream key edit, a
 * live delete, a thumbnail upload): the failure comes back as a value so the
 * caller says it, instead of the shared mutation error toast. A logged-out
 * person still goes through the shared handler (toast and login).
 */
export async function settled<T>(work: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await work };
  } catch (error) {
    if (isUnauthorized(error)) throw error;
    return { ok: false, error };
  }
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}
