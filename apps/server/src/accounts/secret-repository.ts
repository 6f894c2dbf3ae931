import type { Db } from '../db/schema';

/** The account service's named secrets (keys, client secret), one JSON value each. */
export function secretRepository(db: Db) {
  return {
    /** Reads a secret, storing `made` first unless another instance already stored one (race-safe). */
    async getOrCreate<T>(name: string, made: () => T): Promise<T> {
      await db
        .insertInto('account.secrets')
        .values({ name, value: JSON.stringify(made()) })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('account.secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      return row.value as T;
    },
  };
}
