import type { Db } from '../db/schema';

/** How long a sign-in may take between /auth/login and the callback. */
export const AUTH_REQUEST_TTL_MS = 10 * 60_000;

export type AuthRequest = { state: string; nonce: string; codeVerifier: string; continueUrl: string; createdAt: Date };

/** Sign-ins under way: the PKCE verifier, nonce and return address between /auth/login and /auth/callback. */
export function authRequestRepository(db: Db) {
  return {
    async create(request: Omit<AuthRequest, 'createdAt'>, now: Date): Promise<void> {
      await db
        .insertInto('auth_requests')
        .values({
          state: request.state,
          nonce: request.nonce,
          code_verifier: request.codeVerifier,
          continue_url: request.continueUrl,
          created_at: now,
        })
        .execute();
    },
    /** Takes the request out (a state is good for one callback only). */
    async take(state: string): Promise<AuthRequest | undefined> {
      const row = await db
        .deleteFrom('auth_requests')
        .where('state', '=', state)
        .returning(['state', 'nonce', 'code_verifier as codeVerifier', 'continue_url as continueUrl', 'created_at as createdAt'])
        .executeTakeFirst();
      return row;
    },
    async purgeOlderThan(cutoff: Date): Promise<number> {
      const result = await db.deleteFrom('auth_requests').where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
