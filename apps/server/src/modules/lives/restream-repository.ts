import type { Transaction } from 'kysely';
import type { Database, Db, RestreamTargetRow } from '../../db/schema';

type Executor = Db | Transaction<Database>;

/** A key's restream targets (issue 24, point 3). `secret` is read here and by the forwarder only. */
export function restreamRepository(db: Db) {
  return {
    async list(executor: Executor, streamKeyId: number): Promise<RestreamTargetRow[]> {
      return executor.selectFrom('restream_targets').selectAll().where('stream_key_id', '=', streamKeyId).orderBy('id').execute();
    },

    async find(executor: Executor, streamKeyId: number, targetId: number): Promise<RestreamTargetRow | undefined> {
      return executor.selectFrom('restream_targets').selectAll().where('stream_key_id', '=', streamKeyId).where('id', '=', targetId).executeTakeFirst();
    },

    /** Holds the key's row until the transaction ends: adds to one key take turns (the count then holds). */
    async lockKey(trx: Transaction<Database>, streamKeyId: number): Promise<void> {
      await trx.selectFrom('stream_keys').select('id').where('id', '=', streamKeyId).forUpdate().execute();
    },

    async count(trx: Transaction<Database>, streamKeyId: number): Promise<number> {
      const row = await trx.selectFrom('restream_targets').select((eb) => eb.fn.countAll<string>().as('n')).where('stream_key_id', '=', streamKeyId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(trx: Transaction<Database>, values: { streamKeyId: number; url: string; secret: string; at: Date }): Promise<RestreamTargetRow> {
      return trx
        .insertInto('restream_targets')
        .values({ stream_key_id: values.streamKeyId, url: values.url, secret: values.secret, created_at: values.at, updated_at: values.at })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A new address, and a new key when one is given. Answers nothing when the target is gone. */
    async update(streamKeyId: number, targetId: number, values: { url: string; secret?: string; at: Date }): Promise<RestreamTargetRow | undefined> {
      return db
        .updateTable('restream_targets')
        .set({ url: values.url, ...(values.secret === undefined ? {} : { secret: values.secret }), updated_at: values.at })
        .where('stream_key_id', '=', streamKeyId)
        .where('id', '=', targetId)
        .returningAll()
        .executeTakeFirst();
    },

    async remove(streamKeyId: number, targetId: number): Promise<boolean> {
      const deleted = await db.deleteFrom('restream_targets').where('stream_key_id', '=', streamKeyId).where('id', '=', targetId).executeTakeFirst();
      return deleted.numDeletedRows > 0n;
    },

    /** Whether a value is one of this studio's own stream keys (forwarding a live to itself would replace its encoder). */
    async isStudioSecret(secret: string): Promise<boolean> {
      return (await db.selectFrom('stream_keys').select('id').where('secret', '=', secret).executeTakeFirst()) !== undefined;
    },
  };
}

export type RestreamRepository = ReturnType<typeof restreamRepository>;
