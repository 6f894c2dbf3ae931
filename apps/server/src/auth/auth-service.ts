import type { Db } from '../db/schema';
import { webSessionRepository } from '../accounts/web-session-repository';
import { sessionRepository } from '../plugins/session-repository';
import { AUTH_REQUEST_TTL_MS, authRequestRepository, type AuthRequest } from './auth-request-repository';
import { userRepository, type OidcIdentity } from './user-repository';

/** How long a sign-in may take between /auth/login and the callback (the state cookie lives as long). */
export { AUTH_REQUEST_TTL_MS };

/** The studio's sign-in at an OpenID issuer: the sign-ins under way, the person they sign in, and what a logout ends. */
export function authService(db: Db) {
  const users = userRepository(db);
  const authRequests = authRequestRepository(db);
  const sessions = sessionRepository(db);
  const webSessions = webSessionRepository(db);

  return {
    /** Stores a sign-in under way; left-over ones are removed by the periodic purge, not here on every start. */
    begin: (request: Omit<AuthRequest, 'createdAt'>, now: Date) => authRequests.create(request, now),

    /** Takes out the sign-in a callback's state names: good for one callback, within AUTH_REQUEST_TTL_MS of its start. */
    async take(state: string, now: Date): Promise<AuthRequest | undefined> {
      const pending = await authRequests.take(state);
      if (!pending || pending.createdAt.getTime() < now.getTime() - AUTH_REQUEST_TTL_MS) return undefined;
      return pending;
    },

    /** The studio user of an issuer's identity, created on a first sign-in and brought up to date on every other. */
    userFromIdentity: (issuerKey: string, identity: OidcIdentity) => users.upsertFromIdentity(issuerKey, identity),

    /**
     * A browser whose studio session its owner signed out from another device signs in again with the
     * password (prompt=login), not through the account service's remembered sign-in.
     */
    mustSignInAgain: (token: string | undefined, now: Date) => (token ? sessions.wasSignedOutElsewhere(token, now) : Promise.resolve(false)),

    /** What a logout needs of a studio session: its ID token, issuer and subject. */
    logoutDetails: (sessionId: string) => sessions.findLogoutDetails(sessionId),

    /** Ends every account page session of a bundled account. */
    endAccountPageSessions: (accountId: number) => webSessions.endAllFor(accountId),
  };
}
