import type { FastifyRequest } from 'fastify';

// Query values that open something: OAuth codes and states, ID tokens, stream keys.
const SECRET_PARAMS = new Set(['code', 'state', 'id_token_hint', 'id_token', 'access_token', 'refresh_token', 'token', 'key', 'streamkey', 'stream_key', 'password']);
const REDACTED = '[redacted]';

/**
 * A request's address as it may be logged: secret query values and the stream
 * key of `/live/<key>` paths replaced. Works on the raw text so that a malformed
 * address is still logged, and never decoded into something else.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const safePath = path.replace(/^(\/live\/)[^/]+/i, `$1${REDACTED}`);
  if (queryAt < 0) return safePath;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      const rawName = at < 0 ? pair : pair.slice(0, at);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // An undecodable name is compared as it is.
      }
      return SECRET_PARAMS.has(name.toLowerCase()) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${query}`;
}

/**
 * The request serializer of the server's log: no headers at all (cookies,
 * authorization), and the address redacted.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
