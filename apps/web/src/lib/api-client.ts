import { safeParse } from 'zod/mini';
import type * as core from 'zod/v4/core';
import { HTTP_TIMEOUT_MS } from '@studio/contract/constants';
import { genericErrorTexts, isErrorBody } from '@studio/contract/error-body';
import { ApiError, clientErrorCodes } from './api-error';
import { translate } from './i18n/i18n';
import { serverUrl } from './runtime-config';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | undefined | null;

type RequestOptions<S extends core.$ZodType | undefined> = {
  method?: Method;
  query?: Record<string, QueryValue>;
  /** Sent as JSON (a FormData as multipart). Mutations always send a body, `{}` when the caller gives none. */
  body?: unknown;
  /** Validates a successful response; without one the body is ignored (204 calls). */
  schema?: S;
  signal?: AbortSignal;
  timeoutMs?: number;
};

type Result<S extends core.$ZodType | undefined> = S extends core.$ZodType ? core.output<S> : void;

function buildUrl(path: string, query: RequestOptions<undefined>['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return serverUrl(search ? `${path}?${search}` : path);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  if (isErrorBody(body)) {
    return new ApiError({
      status,
      code: body.code,
      message: body.message,
      path: body.path,
      extra: body.extra,
      trace: body.trace,
    });
  }
  return new ApiError({ status, code: clientErrorCodes.unknown, message: genericErrorTexts.unknown });
}

async function send(url: string, init: RequestInit, schema: core.$ZodType | undefined): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: clientErrorCodes.network, message: genericErrorTexts.unknown, cause });
  }
  if (!response.ok) throw toApiError(response.status, await readJson(response));
  if (!schema) return undefined;

  // Classic and mini schemas alike (the first load's are zod/mini, docs/decisions/023).
  const parsed = safeParse(schema, await readJson(response));
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: clientErrorCodes.invalidResponse,
      message: genericErrorTexts.unknown,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/**
 * The one way the studio talks to its server: base URL, cookie session,
 * JSON in and out, a hard timeout, and typed errors.
 */
export async function request<S extends core.$ZodType | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<Result<S>> {
  const { method = 'GET', query, schema, signal, timeoutMs = HTTP_TIMEOUT_MS } = options;
  const controller = new AbortController();
  const abortFromCaller = () => controller.abort(signal?.reason);
  if (signal?.aborted) abortFromCaller();
  signal?.addEventListener('abort', abortFromCaller, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | FormData | undefined;
  if (options.body instanceof FormData) {
    // The browser writes the multipart boundary into Content-Type itself.
    body = options.body;
  } else if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  // Racing rather than trusting fetch to honour the abort: a stalled body read times out too.
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new ApiError({ status: 0, code: clientErrorCodes.timeout, message: translate('error.timeout', { ms: timeoutMs }), extra: { timeoutMs } }));
      controller.abort();
    }, timeoutMs);
  });

  try {
    const work = send(buildUrl(path, query), { method, headers, body, credentials: 'include', signal: controller.signal }, schema);
    return (await Promise.race([work, timeout])) as Result<S>;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abortFromCaller);
  }
}

/**
 * A mutation's body comes with the contract's request schema for its route, so
 * the schema, not the call site, decides the body's type: a wrong body does not
 * compile. Without a schema there is no body (the server receives `{}`).
 * The schema types the body only; the server is the one that validates it.
 */
type MutationOptions<B extends core.$ZodType, S extends core.$ZodType | undefined> = {
  bodySchema?: B;
  body?: core.input<B>;
  /** Validates a successful response; without one the body is ignored (204 calls). */
  schema?: S;
};

function mutate<B extends core.$ZodType, S extends core.$ZodType | undefined>(method: Method, path: string, options: MutationOptions<B, S>) {
  return request<S>(path, { method, body: options.body, schema: options.schema });
}

export const apiClient = {
  get<S extends core.$ZodType>(path: string, schema: S, options: Omit<RequestOptions<S>, 'method' | 'schema' | 'body'> = {}) {
    return request(path, { ...options, method: 'GET', schema });
  },
  post<B extends core.$ZodType = core.$ZodNever, S extends core.$ZodType | undefined = undefined>(path: string, options: MutationOptions<B, S> = {}) {
    return mutate('POST', path, options);
  },
  put<B extends core.$ZodType = core.$ZodNever, S extends core.$ZodType | undefined = undefined>(path: string, options: MutationOptions<B, S> = {}) {
    return mutate('PUT', path, options);
  },
  patch<B extends core.$ZodType = core.$ZodNever, S extends core.$ZodType | undefined = undefined>(path: string, options: MutationOptions<B, S> = {}) {
    return mutate('PATCH', path, options);
  },
  delete<B extends core.$ZodType = core.$ZodNever, S extends core.$ZodType | undefined = undefined>(path: string, options: MutationOptions<B, S> = {}) {
    return mutate('DELETE', path, options);
  },
};
