import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/schema';
import { accountRepository } from './account-repository';
import { pgAdapterFactory } from './oidc-adapter';
import { logoutPage, messagePage } from './pages';
import type { AccountSecrets } from './secrets';

export const ACCOUNTS_MOUNT = '/accounts';
const DAY = 24 * 60 * 60;

export type AccountProviderOptions = {
  db: Db;
  issuer: string;
  publicUrl: string;
  clientId: string;
  secrets: AccountSecrets;
};

/**
 * The bundled account service: an OpenID provider on oidc-provider. The studio
 * reaches it only through OpenID Connect, as it would any messaging
 * platform's login, so production can swap it for an external issuer.
 */
export function createAccountProvider(options: AccountProviderOptions): Provider {
  const accounts = accountRepository(options.db);
  const firstPartyClients = new Set([options.clientId]);

  async function loadExistingGrant(ctx: KoaContextWithOIDC) {
    const { client, session } = ctx.oidc;
    if (!client || !session?.accountId) return undefined;
    const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    // The studio is first-party: signing in is consent enough, no consent screen follows.
    if (!firstPartyClients.has(client.clientId)) return undefined;
    const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
    grant.addOIDCScope('openid profile email');
    await grant.save();
    return grant;
  }

  const provider = new Provider(options.issuer, {
    adapter: pgAdapterFactory(options.db),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.secrets.studioClientSecret,
        client_name: 'Channel Studio',
        redirect_uris: [`${options.publicUrl}/auth/callback`],
        post_logout_redirect_uris: [`${options.publicUrl}/auth/logged-out`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: options.secrets.cookieKeys },
    jwks: { keys: [options.secrets.signingKey] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'picture'], email: ['email'] },
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const account = await accounts.findById(Number(sub));
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          name: account.name,
          preferred_username: account.login,
          ...(account.profileImageUrl ? { picture: account.profileImageUrl } : {}),
          ...(account.email ? { email: account.email } : {}),
        }),
      };
    },
    interactions: { url: (_ctx, interaction) => `${ACCOUNTS_MOUNT}/interaction/${interaction.uid}` },
    loadExistingGrant,
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = messagePage('로그아웃되었습니다', '계정에서 로그아웃했습니다.', {
            href: `${options.publicUrl}/studio/`,
            label: '스튜디오로 이동',
          });
        },
      },
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = messagePage('로그인 오류', out.error_description ?? String(out.error), {
        href: `${options.publicUrl}/studio/`,
        label: '스튜디오로 이동',
      });
    },
    ttl: {
      Session: 14 * DAY,
      Grant: 14 * DAY,
      Interaction: 60 * 60,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      AccessToken: 60 * 60,
    },
  });
  provider.proxy = options.publicUrl.startsWith('https:');
  return provider;
}
