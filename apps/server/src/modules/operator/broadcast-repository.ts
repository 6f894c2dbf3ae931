import { sql, type Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { notify } from '../notifications/notification-producer';

type Trx = Transaction<Database>;

const columns = ['id', 'message', 'landing_url', 'delivered', 'created_at', 'finished_at'] as const;

/** A broadcast to every studio user there is now (the highest user id bounds it: later sign-ups are not included). */
export async function insertBroadcast(trx: Trx, values: { operatorId: number; message: string; landingUrl: string | null; at: Date }): Promise<number> {
  const row = await trx
    .insertInto('operator_broadcasts')
    .values({
      operator_id: values.operatorId,
      message: values.message,
      landing_url: values.landingUrl,
      last_user_id: sql<number>`(SELECT coalesce(max(id), 0) FROM users)`,
      created_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Writes the next batch of a broadcast's notifications (the next studio users in id
 * order, through the one producer, so open studios hear of it at once) and moves its
 * cursor in the same transaction, so a retried job resumes where the last committed
 * batch ended and nobody gets a copy. Answers how many were written; 0 once finished.
 */
export async function deliverBroadcastBatch(trx: Trx, broadcastId: number, batchSize: number, now: Date): Promise<number> {
  const broadcast = await trx.selectFrom('operator_broadcasts').selectAll().where('id', '=', broadcastId).forUpdate().executeTakeFirst();
  if (!broadcast || broadcast.finished_at) return 0;
  const batch = await trx
    .selectFrom('users')
    .select('id')
    .where('id', '>', broadcast.cursor_user_id)
    .where('id', '<=', broadcast.last_user_id)
    .orderBy('id')
    .limit(batchSize)
    .execute();
  const recipients = batch.map((row) => row.id);
  await notify(trx, { to: recipients, channel: null, type: 'OPERATOR_MESSAGE', message: broadcast.message, landingUrl: broadcast.landing_url, at: broadcast.created_at });
  const cursor = recipients.at(-1) ?? broadcast.cursor_user_id;
  await trx
    .updateTable('operator_broadcasts')
    .set({
      cursor_user_id: cursor,
      delivered: sql<number>`delivered + ${recipients.length}`,
      ...(recipients.length < batchSize ? { finished_at: now } : {}),
    })
    .where('id', '=', broadcastId)
    .execute();
  return recipients.length;
}

/** Every batch until the broadcast is finished, each in its own transaction (each commit is progress kept). */
export async function deliverBroadcast(db: Db, broadcastId: number, batchSize: number, now: () => Date): Promise<number> {
  let total = 0;
  for (;;) {
    const written = await db.transaction().execute((trx) => deliverBroadcastBatch(trx, broadcastId, batchSize, now()));
    total += written;
    if (written < batchSize) return total;
  }
}

export function broadcastRepository(db: Db) {
  return {
    async find(id: number) {
      return db.selectFrom('operator_broadcasts').select(columns).where('id', '=', id).executeTakeFirst();
    },
    /** The latest broadcasts (a short, bounded list for the console). */
    async latest(limit: number) {
      return db.selectFrom('operator_broadcasts').select(columns).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
  };
}
