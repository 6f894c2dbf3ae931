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
    /**
     * Deletes one live session of the person and remembers its key as signed out (one statement); answers
     * the key, or nothing when it is not theirs, gone or ended.
     */
    async revoke(userId: number, publicId: number, window: SessionWindow): Promise<string | undefined> {
      const { rows } = await sql<{ id: string }>`
        WITH gone AS (
          DELETE FROM sessions
          WHERE public_id = ${publicId} AND user_id = ${userId} AND expires_at > ${window.now} AND last_seen_at > ${window.idleCutoff}
          RETURNING id, user_id, expires_at
        )
        INSERT INTO sessions_signed_out (id, user_id, signed_out_at, expires_at)
        SELECT id, user_id, ${window.now}, expires_at FROM gone
        ON CONFLICT (id) DO NOTHING
        RETURNING id
      `.execute(db);
      return rows[0]?.id;
    },
    /** Deletes every session of the person but the current one (ended ones too: they are of no use), remembered as above; answers their keys. */
    async revokeOthers(userId: number, currentSessionId: string, now: Date): Promise<string[]> {
      const { rows } = await sql<{ id: string }>`
        WITH gone AS (
          DELETE FROM sessions WHERE user_id = ${userId} AND id <> ${currentSessionId}
          RETURNING id, user_id, expires_at
        )
        INSERT INTO sessions_signed_out (id, user_id, signed_out_at, expires_at)
        SELECT id, user_id, ${now}, expires_at FROM gone
        ON CONFLICT (id) DO NOTHING
        RETURNING id
      `.execute(db);
      return rows.map((row) => row.id);
    },
  };
}
