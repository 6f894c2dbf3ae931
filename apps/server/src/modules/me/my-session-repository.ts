import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/** A live session of one person: neither past its lifetime nor idle since the cutoff. */
export type SessionWindow = { now: Date; idleCutoff: Date };

export type MySessionRow = {
  id: number;
  current: boolean;
  browser: string | null;
  os: string | null;
  address: string | null;
  signedInAt: Date;
  lastUsedAt: Date;
};

/**
 * A person's own studio sessions, by their public number (migration 0030). The row's key (the token's
 * hash) is compared here and never returned. Deleting a row is what signs a session out: the delete
 * trigger of migration 0005 announces it to every instance's session cache and notification streams.
 */
export function mySessionRepository(db: Db) {
  const live = (userId: number, window: SessionWindow) =>
    db
      .selectFrom('sessions')
      .where('user_id', '=', userId)
      .where('expires_at', '>', window.now)
      .where('last_seen_at', '>', window.idleCutoff);

  return {
    /** The current session first, then by last use (newest first); a person has a handful, so no paging. */
    async list(userId: number, currentSessionId: string, window: SessionWindow): Promise<MySessionRow[]> {
      return live(userId, window)
        .select([
          'public_id as id',
          sql<boolean>`id = ${currentSessionId}`.as('current'),
          'browser',
          'os',
          'address',
          'created_at as signedInAt',
          'last_seen_at as lastUsedAt',
        ])
        .orderBy(sql`id = ${currentSessionId}`, 'desc')
        .orderBy('last_seen_at', 'desc')
        .orderBy('public_id', 'desc')
        .execute();
    },
    /** Deletes one live session of the person; answers its key, or nothing when it is not theirs, gone or ended. */
    async revoke(userId: number, publicId: number, window: SessionWindow): Promise<string | undefined> {
      const row = await db
        .deleteFrom('sessions')
        .where('public_id', '=', publicId)
        .where('user_id', '=', userId)
        .where('expires_at', '>', window.now)
        .where('last_seen_at', '>', window.idleCutoff)
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },
    /** Deletes every session of the person but the current one (ended ones too: they are of no use); answers their keys. */
    async revokeOthers(userId: number, currentSessionId: string): Promise<string[]> {
      const rows = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '<>', currentSessionId).returning('id').execute();
      return rows.map((row) => row.id);
    },
  };
}
