import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { accountService } from './account-service';
import { accountPage, loginPage, logoutConfirmPage, logoutScript, messagePage } from './pages';
import { ACCOUNTS_MOUNT } from './provider';

const WEB_SESSION_COOKIE = 'studio_account';

export const texts = {
  // Also the answer for an unknown or locked login: the form never tells whether an account exists.
  wrongCredentials: '아이디 또는 비밀번호가 올바르지 않습니다.',
  invalidForm: '아이디와 비밀번호를 다시 입력해 주세요.',
  rateLimited: '로그인 요청이 너무 많습니다. 잠시 후 다시 시도하세요.',
  expired: '로그인 요청이 만료되었습니다. 스튜디오에서 다시 로그인해 주세요.',
};

// Lengths count characters, not UTF-16 units. PostgreSQL cannot store NUL, and no login holds a control character.
const maxChars = (max: number) => (value: string) => [...value].length <= max;
const noControl = (value: string) => [...value].every((char) => char.charCodeAt(0) >= 0x20 && char !== '\u007f');
const LoginForm = z
  .object({
    login: z.string().refine(maxChars(100)).refine(noControl).transform((value) => value.trim()),
    password: z.string().refine(maxChars(200)).refine((value) => !value.includes('\u0000')),
  })
  // One value per field and no other fields: `login[]=…` or a repeated field is not this form.
  .strict();

/** Pages and OpenID endpoints of the bundled account service, under /accounts. */
export async function accountServiceRoutes(app: FastifyInstance, options: { provider: Provider; clientId: string }) {
  const { provider } = options;
  const accounts = accountService(app.db);
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
        const parsed = LoginForm.safeParse(request.body ?? {});
        if (!parsed.success) return html(reply, 400, loginPage({ action, error: texts.invalidForm }));
        const form = parsed.data;
        const now = app.clock.now();
        const accountId = await accounts.checkPassword(form.login, form.password, now);
        if (accountId === undefined) {
          return html(reply, 401, loginPage({ action, login: form.login, error: texts.wrongCredentials }));
        }
        await startWebSession(reply, accountId, now);
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: String(accountId), remember: true } },
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
      html(reply, 200, logoutConfirmPage(studioHome)),
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
    // Signing out at the provider signs the person out of the account page too, in every browser.
    const accountId = Number(ctx.oidc.session?.accountId);
    if (Number.isSafeInteger(accountId)) {
      accounts.endWebSessions(accountId).catch((error: unknown) => app.log.error({ err: error }, 'could not end the account page sessions'));
    }
  });

  async function startWebSession(reply: FastifyReply, accountId: number, now: Date) {
    const { token, expiresAt } = await accounts.startWebSession(accountId, now);
    // The reply is handed to the provider next, which skips Fastify's onSend: write the cookie on the raw response.
    reply.raw.setHeader(
      'set-cookie',
      app.serializeCookie(WEB_SESSION_COOKIE, token, { path: ACCOUNTS_MOUNT, httpOnly: true, sameSite: 'lax', secure, expires: expiresAt }),
    );
  }

  async function currentAccount(request: FastifyRequest) {
    const token = request.cookies[WEB_SESSION_COOKIE];
    if (!token) return undefined;
    return accounts.webSessionAccount(token, app.clock.now());
  }
}
