import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../accounts/pages';

export const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** Hashed build output: public, immutable, and never worth a session lookup (plugins/session.ts). */
export const ASSETS_PREFIX = '/studio/assets/';

/**
 * Serves the built studio under /studio. Assets are public; every page needs a
 * session and otherwise goes to the login with its own address to return to.
 */
export async function spaRoutes(app: FastifyInstance, options: { root?: string }) {
  const root = options.root ?? webDist;
  const indexFile = path.join(root, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/studio/',
      index: false,
      wildcard: false,
      maxAge: '1h',
      // The build writes .br and .gz beside each asset (apps/web/vite.config.ts); chosen by Accept-Encoding.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  const meta = [
    `<meta name="studio-env" content="${escapeHtml(app.config.env)}">`,
    `<meta name="studio-api-base" content="">`,
    // The profile links the account service's account page; empty when an external service has none configured.
    `<meta name="studio-account-url" content="${escapeHtml(app.config.oidc.accountUrl ?? '')}">`,
  ].join('\n    ');
  let cachedIndex: string | undefined;
  const index = () => {
    if (cachedIndex && app.config.env === 'production') return cachedIndex;
    cachedIndex = readFileSync(indexFile, 'utf8').replace('<!--studio-config-->', meta);
    return cachedIndex;
  };

  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.user) {
      const here = `${app.config.publicUrl}${request.url}`;
      const login = `/auth/login?continue=${encodeURIComponent(here)}`;
      // The fragment (#inviteObjectId=…) never reaches the server, so a plain redirect would drop it.
      // A script adds it to `continue`; without scripts the meta refresh goes to the same page minus the fragment.
      return reply
        .status(401)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>로그인이 필요합니다</title>` +
            `<noscript><meta http-equiv="refresh" content="0; url=${escapeHtml(login)}"></noscript>` +
            `<script src="/auth/to-login.js"></script></head>` +
            `<body><p><a href="${escapeHtml(login)}">로그인</a>이 필요합니다.</p></body></html>`,
        );
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The studio web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(index());
  };

  // An asset the build does not have (a tab still running an older build asks for its lazy chunk) is a
  // plain 404: the page route would answer with HTML (or a login page), which a module script cannot run.
  // Not cached, so the same URL works once it exists; and like every asset, no session lookup.
  app.get(`${ASSETS_PREFIX}*`, { schema: { hide: true } }, (_request, reply) =>
    reply.status(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found'),
  );
  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect('/studio/'));
  app.get('/studio', { schema: { hide: true } }, (_request, reply) => reply.redirect('/studio/'));
  app.get('/studio/*', { schema: { hide: true } }, page);
}
