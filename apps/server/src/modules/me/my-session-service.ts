import type { MySession } from '@studio/contract/session';
import type { Db } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { SessionUser } from '../../types';
import { mySessionRepository, type SessionWindow } from './my-session-repository';

/**
 * The profile page's sessions: the person's own only. Another person's session, one already signed out
 * and one that never existed all answer the same 404, so an id tells nothing about anyone else.
 * `forget` drops signed-out sessions from this instance's memory at once (plugins/session.ts); the
 * other instances hear of it from the database.
 */
export function mySessionService(db: Db, forget: (sessionIds: readonly string[]) => void) {
  const sessions = mySessionRepository(db);
  return {
    async list(user: SessionUser, window: SessionWindow): Promise<MySession[]> {
      const rows = await sessions.list(user.id, user.sessionId, window);
      return rows.map((row) => ({ ...row, signedInAt: row.signedInAt.toISOString(), lastUsedAt: row.lastUsedAt.toISOString() }));
    },

    /** Signs one session out (the current one too, if asked: that is a sign-out without the account service's end). */
    async revoke(user: SessionUser, publicId: number, window: SessionWindow): Promise<void> {
      const revoked = await sessions.revoke(user.id, publicId, window);
      if (revoked === undefined) throw notFound('session');
      forget([revoked]);
    },

    /** Every other session; a repeat finds none and answers 0. */
    async revokeOthers(user: SessionUser, now: Date): Promise<{ signedOut: number }> {
      const revoked = await sessions.revokeOthers(user.id, user.sessionId, now);
      forget(revoked);
      return { signedOut: revoked.length };
    },
  };
}
