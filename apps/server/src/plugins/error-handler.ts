import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCatalogue, type ErrorBody } from '@studio/contract/errors';
import { messagePage } from '../accounts/pages';
import { isDatabaseUnavailable } from '../db/database';
import { AppError } from '../lib/errors';
import { apiSecurityHeaders } from './security-headers';

function body(
  request: FastifyRequest,
  status: number,
  code: string,
  message: string,
  extra: ErrorBody['extra'],
  error: unknown,
  production: boolean,
): ErrorBody {
  const out: ErrorBody = { code, message, path: request.url.split('?')[0] ?? request.url, extra };
  // A stack helps only where something broke: server errors, outside production.
  if (!production && status >= 500 && error instanceof Error && error.stack) out.trace = error.stack;
  return out;
}

/**
 * What the router refuses before any route or hook exists (broken
 * percent-encoding, an over-long parameter) leaves in the same body, as a 400.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // No onRequest hook runs for these: the headers of a JSON answer are set here (a rare path, worked out each time).
  for (const [name, value] of Object.entries(apiSecurityHeaders({ secure: request.server.config.publicUrl.startsWith('https:') }))) {
    reply.raw.setHeader(name, value);
  }
  if (error.statusCode !== undefined && error.statusCode >= 500) {
    void reply.status(500).send(body(request, 500, 'INTERNAL_ERROR', errorCatalogue.INTERNAL_ERROR.message, null, null, true));
    return;
  }
  void reply
    .status(400)
    .send(body(request, 400, 'VALIDATION_FAILED', errorCatalogue.VALIDATION_FAILED.message, { reason: error.code }, null, true));
}

/**
 * What Node's HTTP parser refuses before Fastify sees a request (a header with bytes outside
 * Latin-1, a body shorter than its Content-Length, broken chunked framing, too many header bytes)
 * is answered on the socket in the studio's error body with a code, like every other refusal,
 * instead of Fastify's own `{error, message, statusCode}`. The connection is then closed.
 */
export function clientErrorAnswer(options: { secure: boolean }) {
  // The API's own header set (security-headers.ts), written out once.
  const headers = Object.entries(apiSecurityHeaders(options)).map(([name, value]) => `${name}: ${value}`);
  return (error: Error & { code?: string }, socket: Duplex): void => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const payload = JSON.stringify({ code: 'VALIDATION_FAILED', message: errorCatalogue.VALIDATION_FAILED.message, path: '', extra: { reason: error.code ?? 'HTTP_PARSE_ERROR' } } satisfies ErrorBody);
    if (socket.writable) {
      const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Bad Request'}`, 'content-type: application/json; charset=utf-8', `content-length: ${Buffer.byteLength(payload)}`, ...headers, 'cache-control: no-store', 'connection: close'];
      socket.write(`${head.join('\r\n')}\r\n\r\n${payload}`);
    }
    socket.destroy();
  };
}

/** The one error handler: every failure leaves as the spec's `{code, message, path, extra, trace}`. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  const production = app.config.env === 'production';

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(request, error.statusCode, error.code, error.message, error.extra, error, production));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        field: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message,
      }));
      return reply
        .status(400)
        .send(body(request, 400, 'VALIDATION_FAILED', errorCatalogue.VALIDATION_FAILED.message, { issues }, error, production));
    }
    if (error.statusCode === 429) {
      if ((request.headers.accept ?? '').includes('text/html')) {
        // A person at the login form gets a page, not JSON.
        return reply.status(429).type('text/html; charset=utf-8').send(messagePage('잠시 후 다시 시도하세요', error.message));
      }
      return reply.status(429).send(body(request, 429, 'RATE_LIMITED', errorCatalogue.RATE_LIMITED.message, null, error, production));
    }
    if (error.statusCode === 413) {
      // A body or an uploaded file past its limit.
      return reply.status(413).send(body(request, 413, 'UPLOAD_TOO_LARGE', errorCatalogue.UPLOAD_TOO_LARGE.message, null, error, production));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Framework-level client errors (bad JSON, body too large, wrong content type).
      return reply
        .status(error.statusCode)
        .send(body(request, error.statusCode, 'VALIDATION_FAILED', errorCatalogue.VALIDATION_FAILED.message, { reason: error.code ?? error.message }, error, production));
    }
    if (isDatabaseUnavailable(error)) {
      // The driver's text names hosts and ports: it goes to the log, never into the answer (no trace either).
      const cause = (error as { cause?: { message?: unknown; code?: unknown } }).cause;
      request.log.warn({ reason: cause?.message ?? error.message, dbCode: cause?.code }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '1')
        .send(body(request, 503, 'SERVICE_UNAVAILABLE', errorCatalogue.SERVICE_UNAVAILABLE.message, null, null, production));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body(request, 500, 'INTERNAL_ERROR', errorCatalogue.INTERNAL_ERROR.message, null, error, production));
  });

  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(body(request, 404, 'ROUTE_NOT_FOUND', errorCatalogue.ROUTE_NOT_FOUND.message, null, null, production)),
  );
});
