import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { hashToken } from '../plugins/session';
import { accountRepository } from './account-repository';
import { verifyPassword } from './password';
import { accountPage, loginPage, logoutScript, messagePage } from './pages';
import { ACCOUNTS_MOUNT } from './provider';

const LOCK_AFTER_FAILURES = 5;
const LOCK_MS = 5 * 60_000;
const WEB_SESSION_COOKIE = 'studio_account';
const WEB_SESSION_MS = 14 * 24 * 3_600_000;

export const texts = {
  wrongCredentials: '아이디 또는 비밀번호가 올바르지 않습니다.',
  locked: '로그인 시도가 너무 많습니다. 5분 후 다시 시도하세요.',
  rateLimited: '로그인 요청이 너무 많습니다. 잠시 후 다시 시도하세요.',
  expired: '로그인 요청이 만료되었습니다. 스튜디오에서 다시 로그인해 주세요.',
};

const LoginForm = z.object({ login: z.string().trim().max(100).default(''), password: z.string().max(200).default('') });

/** Pages and OpenID endpoints of the bundled account service, under /accounts. */
export async function accountServiceRoutes(app: FastifyInstance, options: { provider: Provider; clientId: string }) {
  const { provider } = options;
  const accounts = accountRepository(app.db);
  const secure = app.config.publicUrl.startsWith('https:');
  const studioHome = `${app.config.publicUrl}/studio/`;
  const callback = provider.callback();

  // The provider reads its own request bodies, so this scope parses none.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const mount = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(ACCOUNTS_MOUNT.length) || '/';
      void callback(raw, reply.raw);
    };
    scope.all(`${ACCOUNTS_MOUNT}/*`, { schema: { hide: true } }, mount);
  });

  await app.register(async (scope) => {

    const html = (reply: FastifyReply, status: number, page: string) =>
      reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);

    scope.get<{ Params: { uid: string } }>(`${ACCOUNTS_MOUNT}/interaction/:uid`, { schema: { hide: true } }, async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
      if (!details || details.uid !== request.params.uid) {
        return html(reply, 400, messagePage('로그인', texts.expired, { href: studioHome, label: '스튜디오로 이동' }));
      }
      if (details.prompt.name === 'login') {
        return html(reply, 200, loginPage({ action: `${ACCOUNTS_MOUNT}/interaction/${details.uid}/login` }));
      }
      // Any other prompt (consent) for a first-party client is granted without a screen.
      const clientId = String(details.params.client_id);
      if (clientId !== options.clientId || !details.session?.accountId) {
        return html(reply, 403, messagePage('로그인', texts.expired, { href: studioHome, label: '스튜디오로 이동' }));
      }
      const grant = details.grantId
        ? await provider.Grant.find(details.grantId)
        : new provider.Grant({ accountId: details.session.accountId, clientId });
      if (!grant) return html(reply, 400, messagePage('로그인', texts.expired));
      grant.addOIDCScope('openid profile email');
      const grantId = await grant.save();
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
    });

    scope.post<{ Params: { uid: string } }>(
      `${ACCOUNTS_MOUNT}/interaction/:uid/login`,
      {
        schema: { hide: true },
        config: {
          rateLimit: {
            max: app.config.loginRateLimitPerMinute,
            timeWindow: '1 minute',
            errorResponseBuilder: () => ({ statusCode: 429, code: 'RATE_LIMITED', message: texts.rateLimited }),
          },
        },
      },
      async (request, reply) => {
        const action = `${ACCOUNTS_MOUNT}/interaction/${request.params.uid}/login`;
        const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => undefined);
        if (!details || details.uid !== request.params.uid || details.prompt.name !== 'login') {
          return html(reply, 400, messagePage('로그인', texts.expired, { href: studioHome, label: '스튜디오로 이동' }));
        }
        const form = LoginForm.parse(request.body ?? {});
        const now = app.clock.now();
        const account = form.login ? await accounts.findByLogin(form.login) : undefined;
        if (account?.lockedUntil && account.lockedUntil > now) {
          return html(reply, 429, loginPage({ action, login: form.login, error: texts.locked }));
        }
        const ok = account ? await verifyPassword(form.password, account.passwordHash) : false;
        if (!account || !ok) {
          if (account) await accounts.recordFailure(account.id, now, LOCK_AFTER_FAILURES, LOCK_MS);
          return html(reply, 401, loginPage({ action, login: form.login, error: texts.wrongCredentials }));
        }
        await accounts.recordSuccess(account.id);
        await startWebSession(reply, account.id, now);
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: String(account.id), remember: true } },
          { mergeWithLastSubmission: false },
        );
      },
    );

    // "login takes continue": the studio drives sign-in, so this hands over to it.
    scope.get<{ Querystring: { continue?: string } }>(`${ACCOUNTS_MOUNT}/login`, { schema: { hide: true } }, (request, reply) => {
      const target = request.query.continue ?? studioHome;
      return reply.redirect(`/auth/login?continue=${encodeURIComponent(target)}&reauth=1`);
    });

    scope.get(`${ACCOUNTS_MOUNT}/logout`, { schema: { hide: true } }, (_request, reply) =>
      html(reply, 200, messagePage('로그아웃', '스튜디오와 계정에서 로그아웃합니다.', { href: '/auth/logout', label: '로그아웃' })),
    );

    scope.get(`${ACCOUNTS_MOUNT}/logout.js`, { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(logoutScript),
    );

    scope.get(`${ACCOUNTS_MOUNT}/account`, { schema: { hide: true } }, async (request, reply) => {
      const account = await currentAccount(request);
      if (!account) {
        return reply.redirect(`${ACCOUNTS_MOUNT}/login?continue=${encodeURIComponent(`${app.config.publicUrl}${ACCOUNTS_MOUNT}/account`)}`);
      }
      return html(reply, 200, accountPage(account, studioHome));
    });
  });

  provider.on('end_session.success', (ctx) => {
    ctx.cookies.set(WEB_SESSION_COOKIE, null, { path: ACCOUNTS_MOUNT });
  });

  async function startWebSession(reply: FastifyReply, accountId: number, now: Date) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + WEB_SESSION_MS);
    await app.db.insertInto('account.web_sessions').values({ id: hashToken(token), account_id: accountId, expires_at: expiresAt }).execute();
    // The reply is handed to the provider next, which skips Fastify's onSend: write the cookie on the raw response.
    reply.raw.setHeader(
      'set-cookie',
      app.serializeCookie(WEB_SESSION_COOKIE, token, { path: ACCOUNTS_MOUNT, httpOnly: true, sameSite: 'lax', secure, expires: expiresAt }),
    );
  }

  async function currentAccount(request: FastifyRequest) {
    const token = request.cookies[WEB_SESSION_COOKIE];
    if (!token) return undefined;
    const row = await app.db
      .selectFrom('account.web_sessions')
      .select('account_id')
      .where('id', '=', hashToken(token))
      .where('expires_at', '>', app.clock.now())
      .executeTakeFirst();
    return row ? accounts.findById(row.account_id) : undefined;
  }
}
