import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/** The leases of `upload_locks` (migration 0034), judged by the database's clock: one clock for every instance. */
export function uploadLockRepository(db: Db) {
  return {
    /** Takes the upload for `token` when nobody holds it or the holder's lease ran out; whether it was taken. */
    async take(uploadId: string, token: string, leaseMs: number): Promise<boolean> {
      const taken = await sql<{ token: string }>`
        INSERT INTO upload_locks (upload_id, token, expires_at)
        VALUES (${uploadId}, ${token}, clock_timestamp() + ${leaseMs}::integer * interval '1 millisecond')
        ON CONFLICT (upload_id) DO UPDATE SET token = EXCLUDED.token, expires_at = EXCLUDED.expires_at
          WHERE upload_locks.expires_at < clock_timestamp()
        RETURNING token`.execute(db);
      return taken.rows.length === 1;
    },

    /** Extends a lease still held by `token`; whether it was. */
    async renew(uploadId: string, token: string, leaseMs: number): Promise<boolean> {
      const renewed = await db
        .updateTable('upload_locks')
        .set({ expires_at: sql<Date>`clock_timestamp() + ${leaseMs}::integer * interval '1 millisecond'` })
        .where('upload_id', '=', uploadId)
        .where('token', '=', token)
        .executeTakeFirst();
      return renewed.numUpdatedRows === 1n;
    },

    /** Lets go, if `token` still holds it. */
    async release(uploadId: string, token: string): Promise<void> {
      await db.deleteFrom('upload_locks').where('upload_id', '=', uploadId).where('token', '=', token).execute();
    },
  };
}
