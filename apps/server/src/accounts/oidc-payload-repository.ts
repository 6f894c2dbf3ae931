import { sql } from 'kysely';
import type { AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/schema';

type Lookup = 'id' | 'uid' | 'user_code';

/** oidc-provider's models (sessions, grants, codes, tokens, interactions), one table for all. */
export function oidcPayloadRepository(db: Db) {
  return {
    async upsert(model: string, id: string, payload: AdapterPayload, expiresAt: Date | null): Promise<void> {
      const row = {
        model,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        user_code: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expires_at: expiresAt,
      };
      await db
        .insertInto('account.oidc_payloads')
        .values(row)
        .onConflict((conflict) =>
          conflict.columns(['model', 'id']).doUpdateSet({
            payload: row.payload,
            grant_id: row.grant_id,
            user_code: row.user_code,
            uid: row.uid,
            expires_at: row.expires_at,
          }),
        )
        .execute();
    },
    /** A row that has not expired, by one of its keys. */
    async find(model: string, column: Lookup, value: string) {
      return db
        .selectFrom('account.oidc_payloads')
        .select(['payload', 'consumed_at as consumedAt'])
        .where('model', '=', model)
        .where(column, '=', value)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
        .executeTakeFirst();
    },
    async consume(model: string, id: string): Promise<void> {
      await db.updateTable('account.oidc_payloads').set({ consumed_at: sql`now()` }).where('model', '=', model).where('id', '=', id).execute();
    },
    async destroy(model: string, id: string): Promise<void> {
      await db.deleteFrom('account.oidc_payloads').where('model', '=', model).where('id', '=', id).execute();
    },
    async revokeByGrantId(grantId: string): Promise<void> {
      await db.deleteFrom('account.oidc_payloads').where('grant_id', '=', grantId).execute();
    },
    /**
     * Deletes at most `limit` rows past their expiry (find() already ignores them) and answers how
     * many. Expiry is judged by the database's clock, as find() judges it. Rows another purge holds
     * are skipped, so two instances purging at once neither wait for nor delete the same rows.
     */
    async purgeExpiredBatch(limit: number): Promise<number> {
      const result = await db
        .deleteFrom('account.oidc_payloads')
        .where((eb) =>
          eb(
            eb.refTuple('model', 'id'),
            'in',
            eb
              .selectFrom('account.oidc_payloads')
              .select(['model', 'id'])
              .where('expires_at', '<=', sql<Date>`now()`)
              .orderBy('expires_at')
              .limit(limit)
              .forUpdate()
              .skipLocked()
              .$asTuple('model', 'id'),
          ),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
