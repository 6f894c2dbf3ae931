import type { Db } from '../db/schema';
import { hashToken, newToken } from '../lib/session-token';

/** The account service's own sign-in (its account page), keyed by the hash of its cookie's token. */
export function webSessionRepository(db: Db) {
  return {
    async create(accountId: number, expiresAt: Date): Promise<string> {
      const token = newToken();
      await db.insertInto('account.web_sessions').values({ id: hashToken(token), account_id: accountId, expires_at: expiresAt }).execute();
      return token;
    },
    async findAccountId(token: string, now: Date): Promise<number | undefined> {
      const row = await db
        .selectFrom('account.web_sessions')
        .select('account_id')
        .where('id', '=', hashToken(token))
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row?.account_id;
    },
    /** One person, one sign-out: the studio's logout ends every account page session of the account. */
    async endAllFor(accountId: number): Promise<void> {
      await db.deleteFrom('account.web_sessions').where('account_id', '=', accountId).execute();
    },
    async purgeExpired(now: Date): Promise<number> {
      const result = await db.deleteFrom('account.web_sessions').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
