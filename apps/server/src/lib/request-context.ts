import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request id that follows one piece of work from the edge through everything it causes: the
 * request's log lines, the jobs it queues and their log lines, the jobs those queue in turn.
 * An id the edge sends (nginx's `$request_id` in `X-Request-Id`) is kept when it is a plain token;
 * anything else (too long, spaces, quotes, newlines) is replaced, so a client cannot write into the logs.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Where a queued job keeps the id of the request that queued it (removed before its handler sees the data). */
export const JOB_REQUEST_ID_KEY = '_requestId';

const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,64}$/;

type RequestContext = { requestId: string };

const storage = new AsyncLocalStorage<RequestContext>();

/** The edge's id when it is one we keep, otherwise a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && ACCEPTED_ID.test(header) ? header : randomUUID();
}

/** Runs `work` (and everything it starts) under this request id. */
export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** The request id of the work in progress, if it came from a request. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** A job's data with the current request id beside it (unchanged outside a request). */
export function withRequestId(data: object): object {
  const requestId = currentRequestId();
  return requestId ? { ...data, [JOB_REQUEST_ID_KEY]: requestId } : data;
}

/** Splits a job's data into what its handler gets and the request id it carried, if one was kept. */
export function takeRequestId(data: unknown): { data: unknown; requestId: string | undefined } {
  if (data === null || typeof data !== 'object' || !(JOB_REQUEST_ID_KEY in data)) return { data, requestId: undefined };
  const { [JOB_REQUEST_ID_KEY]: carried, ...rest } = data as Record<string, unknown>;
  return { data: rest, requestId: typeof carried === 'string' && ACCEPTED_ID.test(carried) ? carried : undefined };
}
