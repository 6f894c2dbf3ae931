import { errorCatalogue, type ErrorCode } from '@studio/contract/errors';

/** Domain code throws these; the one error handler turns them into the spec's body. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly extra: Record<string, unknown> | null = null,
  ) {
    super(message ?? errorCatalogue[code].message);
    this.statusCode = errorCatalogue[code].status;
  }
}

export const unauthorized = () => new AppError('AUTH_UNAUTHORIZED');
export const forbidden = (message?: string) => new AppError('ACCESS_DENIED', message);
export const notFound = (what?: string) => new AppError('NOT_FOUND', undefined, what ? { resource: what } : null);
