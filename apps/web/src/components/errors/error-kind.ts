import { ApiError } from '../../lib/api-error';

/** What a failed load means for the screen; every boundary decides by this one rule. */
type ErrorKind = 'unauthorized' | 'forbidden' | 'notFound' | 'failed';

function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  // React Router's error responses (a thrown `data(null, { status: 404 })`, an unknown route).
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') return error.status;
  return undefined;
}

/**
 * 401 is the shared handler's (a toast, then the login page); 403 is a screen
 * saying so; 404, and 400 for an id the server refuses to read, is not found;
 * everything else (5xx, 503 while the database is away, no response at all)
 * is a failure that can be retried.
 */
export function errorKind(error: unknown): ErrorKind {
  const status = statusOf(error);
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 400) return 'notFound';
  return 'failed';
}

/** A 404 for a route whose id is not even well formed: the same screen as a missing object. */
export function notFoundError(): ApiError {
  return new ApiError({ status: 404, code: 'ROUTE_NOT_FOUND', message: '' });
}
