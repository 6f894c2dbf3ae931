import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { text } from '@studio/contract/text';
import { logoutConfirmPage, messagePage } from '../accounts/pages';
import { AppError } from '../lib/errors';
import { AUTH_REQUEST_TTL_MS, authService } from './auth-service';
import { resolveContinue } from './continue-url';
import { randomNonce, randomPKCECodeVerifier, randomState, type OidcClient } from './oidc-client';

const STATE_COOKIE = 'studio_auth_state';

const CallbackQuery = z.object({ state: text({ min: 1, max: 200, trim: false }) }).loose();

/** The studio's sign-in: /auth/login, /auth/callback, /auth/logout. */
export async function authRoutes(app: FastifyInstance, options: { oidc: OidcClient }) {
  const { oidc } = options;
  const auth = authService(app.db);
  const secure = app.config.publicUrl.startsWith('https:');
  const home = `${app.config.publicUrl}/studio/`;

  const wantsHtml = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/html');

  function refuse(request: FastifyRequest, reply: FastifyReply, error: AppError) {
    if (!wantsHtml(request)) throw error;
    return reply
      .status(error.statusCode)
      .type('text/html; charset=utf-8')
      .send(messagePage('로그인', error.message, { href: home, label: '스튜디오로 이동' }));
  }

  // Not trimmed: the address goes back exactly as it came, and resolveContinue judges it.
  const LoginQuery = z.object({ continue: text({ max: 4096, trim: false }).optional(), reauth: z.enum(['1']).optional() });

  const startLimit = {
    max: app.config.authStartRateLimitPerMinute,
    timeWindow: '1 minute',
    // A signed-in visit only redirects; every other start stores a pending sign-in row.
    allowList: (request: FastifyRequest) => request.user !== null && !(request.query as { reauth?: string }).reauth,
    errorResponseBuilder: () => ({ statusCode: 429, code: 'RATE_LIMITED', message: '로그인 요청이 너무 많습니다. 잠시 후 다시 시도하세요.' }),
  };

  app.get('/auth/login', { schema: { hide: true, querystring: LoginQuery }, config: { rateLimit: startLimit } }, async (request, reply) => {
    const { continue: raw, reauth } = request.query as z.infer<typeof LoginQuery>;
    const target = resolveContinue(raw, app.config.publicUrl);
    if (!target) return refuse(request, reply, new AppError('AUTH_INVALID_CONTINUE', undefined, { continue: raw ?? null }));
    // reauth=1 asks the issuer for a fresh login even with a studio session (the account page needs its own).
    if (request.user && !reauth) return reply.redirect(target);

    const params = { state: randomState(), nonce: randomNonce(), codeVerifier: randomPKCECodeVerifier() };
    const now = app.clock.now();
    // A session signed out from another device (the profile page) asks for the password again here.
    const freshLogin = Boolean(reauth) || (!request.user && (await auth.mustSignInAgain(request.cookies[app.sessions.cookieName], now)));
    await auth.begin({ ...params, continueUrl: target }, now);
    reply.setCookie(STATE_COOKIE, params.state, {
      path: '/auth',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: AUTH_REQUEST_TTL_MS / 1000,
    });
    return reply.redirect((await oidc.authorizationUrl({ ...params, prompt: freshLogin ? 'login' : undefined })).href);
  });

  app.get('/auth/callback', { schema: { hide: true } }, async (request, reply) => {
    const query = CallbackQuery.safeParse(request.query);
    const cookieState = request.cookies[STATE_COOKIE];
    reply.clearCookie(STATE_COOKIE, { path: '/auth' });
    if (!query.success || !cookieState || cookieState !== query.data.state) {
      return refuse(request, reply, new AppError('AUTH_LOGIN_FAILED'));
    }
    const pending = await auth.take(cookieState, app.clock.now());
    if (!pending) return refuse(request, reply, new AppError('AUTH_LOGIN_FAILED'));

    let result: Awaited<ReturnType<OidcClient['exchange']>>;
    try {
      result = await oidc.exchange(new URL(request.url, app.config.publicUrl), {
        state: pending.state,
        nonce: pending.nonce,
        codeVerifier: pending.codeVerifier,
      });
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in code exchange failed');
      return refuse(request, reply, new AppError('AUTH_LOGIN_FAILED'));
    }

    const { claims } = result;
    const login = typeof claims.preferred_username === 'string' ? claims.preferred_username : claims.sub;
    const userId = await auth.userFromIdentity(oidc.issuerKey, {
      subject: claims.sub,
      login,
      name: typeof claims.name === 'string' && claims.name ? claims.name : login,
      profileImageUrl: typeof claims.picture === 'string' ? claims.picture : null,
    });
    // Rotate: whatever session this browser had ends here.
    await app.sessions.end(request, reply);
    await app.sessions.start(request, reply, userId, result.idToken);
    return reply.redirect(pending.continueUrl);
  });

  /**
   * Signing out changes state, so only a POST does it, and the CSRF plugin has already refused one
   * from another origin. A GET (a link, an image, a bookmark, or a page that forges its fetch
   * metadata) only asks: the confirmation page posts back here.
   */
  async function logout(request: FastifyRequest, reply: FastifyReply) {
    const details = request.user ? await auth.logoutDetails(request.user.sessionId) : undefined;
    await app.sessions.end(request, reply);
    if (details && app.config.oidc.bundled && details.issuer === oidc.issuerKey) {
      // One person: the bundled account page's sign-in ends with the studio's, whether or not the browser finishes the issuer's logout.
      await auth.endAccountPageSessions(Number(details.subject));
    }
    let next = `${app.config.publicUrl}/auth/logged-out`;
    try {
      next = await oidc.endSessionUrl(details?.idToken ?? null);
    } catch (error) {
      request.log.warn({ err: error }, 'issuer unreachable at logout; the studio session is ended anyway');
    }
    return reply.redirect(next, 303);
  }

  // Sends a signed-out page view to the login with its whole address, fragment included.
  app.get('/auth/to-login.js', { schema: { hide: true } }, (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/javascript; charset=utf-8')
      .send("location.replace('/auth/login?continue=' + encodeURIComponent(location.href));\n"),
  );

  app.get('/auth/logout', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(logoutConfirmPage(home)),
  );
  app.post('/auth/logout', { schema: { hide: true } }, logout);
  app.get('/auth/logged-out', { schema: { hide: true } }, (_request, reply) => reply.redirect(home));
}
