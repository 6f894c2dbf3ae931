import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The security headers of every response, worked out once at start-up.
 * (@fastify/helmet rebuilt them on every request and cut a plain route's
 * throughput to a third; measured in bench.) They are set on the raw response
 * so replies handed to the OpenID provider carry them too.
 */
export function securityHeaders(options: { secure: boolean; issuerOrigin: string }): Record<string, string> {
  const csp = [
    "default-src 'self'",
    // No page of the studio, the sign-in or the API's documentation uses <base>: an injected one could only redirect relative URLs.
    "base-uri 'none'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "frame-ancestors 'none'",
    `form-action 'self' ${options.issuerOrigin}`,
    ...(options.secure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    // no-referrer would make browsers send `Origin: null` on same-origin form posts, which the CSRF check refuses.
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(options.secure ? { 'strict-transport-security': HSTS } : {}),
  };
}

/**
 * The headers of the API's own answers (JSON, the notification stream, media a
 * player fetches): none of them is a page, so what restricts a page's scripts,
 * referrers, windows and prefetching has nothing to act on. What matters is that
 * no answer is framed, sniffed into something else or read by another origin
 * (the personal ones are also kept by no cache: see the hook). `default-src
 * 'none'` leaves an answer opened on its own unable to load or run anything
 * (OWASP's REST security headers). Eight headers fewer per answer saved an
 * eighth of a cached read's CPU (docs/decisions/026).
 */
export function apiSecurityHeaders(options: { secure: boolean }): Record<string, string> {
  return {
    // object-src falls back to default-src, but base-uri does not: both are spelled out (as in the page set), so a
    // scanner and a reader find them without knowing the fallback rules.
    'content-security-policy': "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    // No answer of the API is a page a person navigates from, and its requests carry no form posts: nothing needs a referrer.
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(options.secure ? { 'strict-transport-security': HSTS } : {}),
  };
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const secure = app.config.publicUrl.startsWith('https:');
  const pageHeaders = Object.entries(securityHeaders({ secure, issuerOrigin: new URL(app.config.oidc.issuer).origin }));
  const apiHeaders = Object.entries(apiSecurityHeaders({ secure }));
  // Callback style: nothing here waits, so no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const api = isApiPath(url);
    for (const [name, value] of api ? apiHeaders : pageHeaders) reply.raw.setHeader(name, value);
    // Answers of the API and the sign-in are personal: no cache keeps them. A route that sets its own cache-control wins.
    if (isPrivatePath(url)) reply.raw.setHeader('cache-control', 'no-store');
    done();
  });
});

export const isPrivatePath = (url: string) => /^\/(api|auth)(\/|\?|$)/.test(url);

/** The API's answers (the studio's and the public notices'), but not its documentation: /api/docs is a page with scripts of its own. */
export const isApiPath = (url: string) => /^\/(api|external)\//.test(url) && !/^\/api\/docs(\/|\?|$)/.test(url);
