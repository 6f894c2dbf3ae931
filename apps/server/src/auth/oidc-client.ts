import * as oidc from 'openid-client';
import type { Config } from '../config';

/** The studio as an OpenID Connect relying party. Discovery runs on first use and is cached. */
export function createOidcClient(config: Config, clientSecret: string) {
  let pending: Promise<oidc.Configuration> | undefined;
  const insecure = config.oidc.issuer.startsWith('http:');

  function configuration(): Promise<oidc.Configuration> {
    pending ??= oidc
      .discovery(new URL(config.oidc.issuer), config.oidc.clientId, clientSecret, undefined, {
        execute: insecure ? [oidc.allowInsecureRequests] : [],
        // Seconds, for discovery and every later call to the issuer (30 by default): a hung issuer
        // delays a sign-in or a sign-out by this much at most, then it is reported.
        timeout: 5,
      })
      .catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
    return pending;
  }

  return {
    redirectUri: `${config.publicUrl}/auth/callback`,
    postLogoutRedirectUri: `${config.publicUrl}/auth/logged-out`,
    issuerKey: config.oidc.bundled ? 'bundled' : config.oidc.issuer,
    configuration,
    async authorizationUrl(params: { state: string; nonce: string; codeVerifier: string; prompt?: 'login' | undefined }): Promise<URL> {
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: `${config.publicUrl}/auth/callback`,
        scope: 'openid profile email',
        state: params.state,
        nonce: params.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(params.codeVerifier),
        code_challenge_method: 'S256',
        ...(params.prompt ? { prompt: params.prompt } : {}),
      });
    },
    async exchange(currentUrl: URL, params: { state: string; nonce: string; codeVerifier: string }) {
      const tokens = await oidc.authorizationCodeGrant(await configuration(), currentUrl, {
        pkceCodeVerifier: params.codeVerifier,
        expectedState: params.state,
        expectedNonce: params.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the issuer returned no ID token');
      return { claims, idToken: tokens.id_token ?? null };
    },
    async endSessionUrl(idToken: string | null): Promise<string> {
      const conf = await configuration();
      if (!conf.serverMetadata().end_session_endpoint) return `${config.publicUrl}/auth/logged-out`;
      return oidc
        .buildEndSessionUrl(conf, {
          post_logout_redirect_uri: `${config.publicUrl}/auth/logged-out`,
          ...(idToken ? { id_token_hint: idToken } : { client_id: config.oidc.clientId }),
        })
        .toString();
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
export const { randomState, randomNonce, randomPKCECodeVerifier } = oidc;
