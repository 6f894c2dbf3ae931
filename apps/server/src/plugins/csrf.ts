import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence on top of SameSite=Lax: a state-changing request must come from
 * this studio's own origin. Browsers always send Origin (or Sec-Fetch-Site) on
 * such requests; a client that sends neither is not a browser riding a cookie.
 * The account service's OpenID endpoints are exempt: they are called
 * cross-site by design and guard themselves.
 */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  const allowed = new URL(app.config.publicUrl).origin;
  const refusal = (request: FastifyRequest): AppError | undefined => {
    if (SAFE.has(request.method)) return undefined;
    if (isProviderPath(request.url)) return undefined;
    const origin = request.headers.origin;
    if (origin !== undefined) return origin === allowed ? undefined : new AppError('CSRF_ORIGIN_MISMATCH', undefined, { origin });
    return request.headers['sec-fetch-site'] === 'cross-site' ? new AppError('CSRF_ORIGIN_MISMATCH') : undefined;
  };
  // Callback style: a check that never waits costs no promise per request.
  app.addHook('onRequest', (request, _reply, done) => done(refusal(request)));
});

/**
 * Paths the OpenID provider itself answers (token, end-session, …), not our own
 * account pages. Decided on the decoded, normalised path the router matches, so
 * `/accounts/%69nteraction/…` or `/accounts//interaction/…` cannot pass for a
 * provider path. A path that does not decode is not exempt.
 */
export function isProviderPath(url: string): boolean {
  const path = decodedPath(url);
  if (path === null || !path.startsWith('/accounts/')) return false;
  // Case-blind and with an optional trailing slash: a wider match here only adds the Origin check.
  return !/^\/accounts\/(interaction(\/|$)|(account|login|logout)\/?$)/i.test(path);
}

function decodedPath(url: string): string | null {
  const raw = url.split('?', 1)[0] ?? '';
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const trailing = decoded.endsWith('/') && segments.length > 0 ? '/' : '';
  return `/${segments.join('/')}${trailing}`;
}
