import type { Db } from '../db/schema';
import { accountRepository, type Account } from './account-repository';
import { dummyPasswordHash, verifyPassword } from './password';
import { webSessionRepository } from './web-session-repository';

const LOCK_AFTER_FAILURES = 5;
const LOCK_MS = 5 * 60_000;
const WEB_SESSION_MS = 14 * 24 * 3_600_000;

/** The bundled account service's sign-in: password checks that lock a login after repeated failures, and the account page's own sessions. */
export function accountService(db: Db) {
  const accounts = accountRepository(db);
  const webSessions = webSessionRepository(db);

  return {
    /**
     * The account a login and password sign in to, or undefined: a wrong password, an unknown and a
     * locked login look alike. The attempt is counted (and the lock taken) before the password is looked at.
     */
    async checkPassword(login: string, password: string, now: Date): Promise<number | undefined> {
      const reserved = await accounts.reserveAttempt(login, now, LOCK_AFTER_FAILURES, LOCK_MS);
      const ok = await verifyPassword(password, reserved?.passwordHash ?? (await dummyPasswordHash()));
      if (!reserved || !ok) return undefined;
      await accounts.recordSuccess(reserved.id);
      return reserved.id;
    },

    /** A new account page session: the token for its cookie and when both expire. */
    async startWebSession(accountId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
      const expiresAt = new Date(now.getTime() + WEB_SESSION_MS);
      return { token: await webSessions.create(accountId, expiresAt), expiresAt };
    },

    /** The account signed in on the account page with this cookie token, if its session is still on. */
    async webSessionAccount(token: string, now: Date): Promise<Account | undefined> {
      const accountId = await webSessions.findAccountId(token, now);
      return accountId === undefined ? undefined : accounts.findById(accountId);
    },

    /** One person, one sign-out: ends every account page session of the account. */
    endWebSessions: (accountId: number) => webSessions.endAllFor(accountId),
  };
}
