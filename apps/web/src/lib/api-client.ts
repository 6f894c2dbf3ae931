import type * as core from 'zod/v4/core';
import { HTTP_TIMEOUT_MS } from '@studio/contract/constants';
import { genericErrorTexts, isErrorBody } from '@studio/contract/error-body';
import { ApiError, clientErrorCodes } from './api-error';
import { loadErrorTexts, translate } from './i18n/i18n';
import { serverUrl } from './runtime-config';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | undefined | null;

/**
 * A schema the client loads only when it checks the answer (docs/decisions/057): the studio's
 * first load carries no zod. Write it with `schemaOf(() => import('@studio/contract/x'), 'Name')`
 * and import the contract module as a type only.
 */
export type LazySchema<S extends core.$ZodType = core.$ZodType> = { readonly load: () => Promise<S> };

/** Any schema the client takes: a zod schema (classic or mini) or one it loads on demand. */
export type AnswerSchema = core.$ZodType | LazySchema;

type SchemaOutput<S> = S extends LazySchema<infer T> ? core.output<T> : S extends core.$ZodType ? core.output<S> : never;

export function schemaOf<M, K extends keyof M>(load: () => Promise<M>, key: K): LazySchema<Extract<M[K], core.$ZodType>> {
  let loading: Promise<Extract<M[K], core.$ZodType>> | undefined;
  return { load: () => (loading ??= load().then((module) => module[key] as Extract<M[K], core.$ZodType>)) };
}

const isLazy = (schema: AnswerSchema): schema is LazySchema => 'load' in schema && typeof schema.load === 'function';

/**
 * Until the first page is on screen, answers whose schema is not loaded yet are used as they came
 * and checked right after (startAnswerChecks); from then on every answer is checked before use.
 */
let checksStarted = false;
let pendingChecks: (() => void)[] = [];
const lateFailureListeners = new Set<(error: ApiError) => void>();

/** Called once the first page is usable (app/after-first-load.ts): loads the schemas and checks what came before. */
export function startAnswerChecks(): void {
  if (checksStarted) return;
  checksStarted = true;
  const waiting = pendingChecks;
  pendingChecks = [];
  for (const check of waiting) check();
}

/** An answer used before its check failed it afterwards: the app drops what it shows (app/after-first-load.ts). */
export function onLateInvalidAnswer(listener: (error: ApiError) => void): () => void {
  lateFailureListeners.add(listener);
  return () => lateFailureListeners.delete(listener);
}

function checked(schema: core.$ZodType, data: unknown, status: number, path: string): unknown {
  const result = schema['~standard'].validate(data);
  // Contract schemas have no async refinements; a promise here would be a contract defect.
  if (result instanceof Promise) throw new Error(`the answer schema of ${path} is asynchronous`);
  if (result.issues) {
    throw new ApiError({ status, code: clientErrorCodes.invalidResponse, message: genericErrorTexts.unknown, cause: result.issues });
  }
  return result.value;
}

type RequestOptions<S extends AnswerSchema | undefined> = {
  method?: Method;
  query?: Record<string, QueryValue>;
  /** Sent as JSON (a FormData as multipart). Mutations always send a body, `{}` when the caller gives none. */
  body?: unknown;
  /** Validates a successful response; without one the body is ignored (204 calls). */
  schema?: S;
  signal?: AbortSignal;
  timeoutMs?: number;
};

type Result<S extends AnswerSchema | undefined> = S extends AnswerSchema ? SchemaOutput<S> : void;

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

async function send(url: string, init: RequestInit, schema: AnswerSchema | undefined, path: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    if (init.signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: clientErrorCodes.network, message: genericErrorTexts.unknown, cause });
  }
  if (!response.ok) {
    const error = toApiError(response.status, await readJson(response));
    // The error texts are no part of the first load: whoever shows this error words it at once.
    await loadErrorTexts();
    throw error;
  }
  if (!schema) return undefined;

  const data = await readJson(response);
  if (!isLazy(schema)) return checked(schema, data, response.status, path);
  if (checksStarted) return checked(await schema.load(), data, response.status, path);
  // The first page: the answer is used now and checked once the page is on screen.
  const { status } = response;
  pendingChecks.push(() => {
    void schema
      .load()
      .then((loaded) => checked(loaded, data, status, path))
      .catch((error: unknown) => {
        console.error(`the answer of ${path} failed its check after the first page was shown`, error);
        if (error instanceof ApiError) for (const listener of lateFailureListeners) listener(error);
      });
  });
  return data;
}

/**
 * The one way the studio talks to its server: base URL, cookie session,
 * JSON in and out, a hard timeout, and typed errors.
 */
export async function request<S extends AnswerSchema | undefined = undefined>(
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
    const work = send(buildUrl(path, query), { method, headers, body, credentials: 'include', signal: controller.signal }, schema, path);
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
type MutationOptions<B extends core.$ZodType, S extends AnswerSchema | undefined> = {
  bodySchema?: B | LazySchema<B>;
  body?: core.input<B>;
  /** Validates a successful response; without one the body is ignored (204 calls). */
  schema?: S;
};

function mutate<B extends core.$ZodType, S extends AnswerSchema | undefined>(method: Method, path: string, options: MutationOptions<B, S>) {
  return request<S>(path, { method, body: options.body, schema: options.schema });
}

export const apiClient = {
  get<S extends AnswerSchema>(path: string, schema: S, options: Omit<RequestOptions<S>, 'method' | 'schema' | 'body'> = {}) {
    return request(path, { ...options, method: 'GET', schema });
  },
  post<B extends core.$ZodType = core.$ZodNever, S extends AnswerSchema | undefined = undefined>(path: string, options: MutationOptions<B, S> = {}) {
    return mutate('POST', path, options);
  },
  put<B extends core.$ZodType = core.$ZodNever, S extends AnswerSchema | undefined = undefined>(path: string, options: MutationOptions<B, S> = {}) {
    return mutate('PUT', path, options);
  },
  patch<B extends core.$ZodType = core.$ZodNever, S extends AnswerSchema | undefined = undefined>(path: string, options: MutationOptions<B, S> = {}) {
    return mutate('PATCH', path, options);
  },
  delete<B extends core.$ZodType = core.$ZodNever, S extends AnswerSchema | undefined = undefined>(path: string, options: MutationOptions<B, S> = {}) {
    return mutate('DELETE', path, options);
  },
};
