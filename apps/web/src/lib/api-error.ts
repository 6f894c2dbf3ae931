import type { ErrorBody } from '@studio/contract/errors';

/** Codes the client itself produces; every other code comes from the contract's catalogue. */
export const clientErrorCodes = {
  timeout: 'CLIENT_TIMEOUT',
  network: 'CLIENT_NETWORK',
  invalidResponse: 'CLIENT_INVALID_RESPONSE',
  unknown: 'UNKNOWN_ERROR',
  /** A part of the app (a lazily loaded page) could not be fetched: offline, or a newer deploy replaced it. */
  chunkLoad: 'CLIENT_CHUNK_LOAD',
} as const;

type ApiErrorInit = {
  status: number;
  code: string;
  message: string;
  path?: string;
  extra?: ErrorBody['extra'];
  trace?: string;
  cause?: unknown;
};

/** Every failed call ends up as one of these; `status` is 0 when no response arrived. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly path: string | undefined;
  readonly extra: ErrorBody['extra'] | undefined;
  readonly trace: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.path = init.path;
    this.extra = init.extra;
    this.trace = init.trace;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
