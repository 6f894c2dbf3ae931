import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The security headers of every response, worked out once at start-up.
 * (@fastify/helmet rebuilt them on every request and cut a plain route's
 * throughput to a third; measured in bench.) They are set on the raw response
 * so replies handed to the OpenID provider carry them too.
 */
export function securityHeaders(options: { secure: boolean; issuerOrigin: string }): Record<string, string> {
  const csp = [
    "default-src 'self'",
    "base-uri 'self'",
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
    ...(options.secure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = Object.entries(
    securityHeaders({ secure: app.config.publicUrl.startsWith('https:'), issuerOrigin: new URL(app.config.oidc.issuer).origin }),
  );
  // Callback style: nothing here waits, so no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    // Answers of the API and the sign-in are personal: no cache keeps them. A route that sets its own cache-control wins.
    if (isPrivatePath(request.url)) reply.raw.setHeader('cache-control', 'no-store');
    done();
  });
});

export const isPrivatePath = (url: string) => /^\/(api|auth)(\/|\?|$)/.test(url);
