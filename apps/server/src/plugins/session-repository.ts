import type { Db } from '../db/schema';
import { hashToken, newToken } from '../lib/session-token';
import type { Device } from '../lib/user-agent';
import type { SessionUser } from '../types';

export type FoundSession = { user: SessionUser; lastSeenAt: Date; expiresAt: Date };

/** Where a session is used from: its device and the client address (migration 0030). */
export type SessionClient = Device & { address: string | null };

const noClient: SessionClient = { browser: null, os: null, address: null };

/** Studio sessions: rows keyed by the hash of the cookie's token. */
export function sessionRepository(db: Db) {
  return {
    /** `now` is when the session was last seen: its start. */
    async create(userId: number, idToken: string | null, expiresAt: Date, now: Date = new Date(), client: SessionClient = noClient): Promise<string> {
      const token = newToken();
      await db
        .insertInto('sessions')
        .values({ id: hashToken(token), user_id: userId, id_token: idToken, created_at: now, expires_at: expiresAt, last_seen_at: now, ...client })
        .execute();
      return token;
    },
    /** The person behind a live session: neither past its lifetime nor idle since `idleCutoff`. */
    async find(token: string, now: Date, idleCutoff: Date): Promise<FoundSession | undefined> {
      const id = hashToken(token);
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'users.id',
          'users.login',
          'users.name',
          'users.profile_image_url as profileImageUrl',
          'users.is_operator as isOperator',
          'sessions.last_seen_at as lastSeenAt',
          'sessions.expires_at as expiresAt',
        ])
        .where('sessions.id', '=', id)
        .where('sessions.expires_at', '>', now)
        .where('sessions.last_seen_at', '>', idleCutoff)
        .executeTakeFirst();
      if (!row) return undefined;
      const { lastSeenAt, expiresAt, ...user } = row;
      return { user: { ...user, sessionId: id }, lastSeenAt, expiresAt };
    },
    /** The last use, and where it came from (the profile's session list shows both). */
    async touch(sessionId: string, now: Date, client: SessionClient = noClient): Promise<void> {
      await db.updateTable('sessions').set({ last_seen_at: now, ...client }).where('id', '=', sessionId).where('last_seen_at', '<', now).execute();
    },
    /** What logging out needs: the ID token for the issuer's end-session, and who signed in where. */
    async findLogoutDetails(sessionId: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['sessions.id_token as idToken', 'users.issuer', 'users.subject'])
        .where('sessions.id', '=', sessionId)
        .executeTakeFirst();
    },
    async destroy(sessionId: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    },
    /** Whether this token's session was signed out by its owner from another device and would still be alive (migration 0030). */
    async wasSignedOutElsewhere(token: string, now: Date): Promise<boolean> {
      const row = await db.selectFrom('sessions_signed_out').select('id').where('id', '=', hashToken(token)).where('expires_at', '>', now).executeTakeFirst();
      return row !== undefined;
    },
    /** Signed-out sessions that would have expired by now: nothing is left for them to tell. */
    async purgeSignedOut(now: Date): Promise<number> {
      const result = await db.deleteFrom('sessions_signed_out').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    /** Sessions past their lifetime or idle since `idleCutoff`. */
    async purgeExpired(now: Date, idleCutoff: Date): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleCutoff)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionRepository = ReturnType<typeof sessionRepository>;
