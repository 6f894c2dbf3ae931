import type { Selectable, Transaction } from 'kysely';
import type { InvitationStatus } from '@studio/contract/enums';
import type { Database, Db } from '../../db/schema';

type Executor = Db | Transaction<Database>;

/** The tables of pending offers: invites and ownership transfers keep the same status, deadline and answer columns. */
export type OfferTable = 'channel_invites' | 'channel_transfers';
/** A row of the table named, with the columns every offer has spelled out for code written for both. */
export type OfferRow<T extends OfferTable> = Selectable<Database[T]> & { id: number; channel_id: number; status: InvitationStatus; expires_at: Date | null };

/**
 * The statements below are typed on either table, by the columns both have (Kysely cannot type them on a
 * table parameter); what they answer is the row of the one table they ran on.
 */
const eitherTable = (table: OfferTable): OfferTable => table;

export async function findOffer<T extends OfferTable>(db: Executor, table: T, id: number): Promise<OfferRow<T> | undefined> {
  return (await db.selectFrom(eitherTable(table)).selectAll().where('id', '=', id).executeTakeFirst()) as OfferRow<T> | undefined;
}

/** The offer, locked until the transaction ends, so parallel answers settle one way. */
export async function lockOffer<T extends OfferTable>(trx: Transaction<Database>, table: T, id: number): Promise<OfferRow<T> | undefined> {
  return (await trx.selectFrom(eitherTable(table)).selectAll().where('id', '=', id).forUpdate().executeTakeFirst()) as OfferRow<T> | undefined;
}

/**
 * Moves a pending offer to `to`. Answers false when it was no longer pending,
 * so a caller's side effects happen only for the one change that took place.
 */
export async function settleOffer(
  trx: Transaction<Database>,
  table: OfferTable,
  id: number,
  to: Exclude<InvitationStatus, 'PENDING'>,
  at: Date,
  automatic = false,
): Promise<boolean> {
  const row = await trx
    .updateTable(table)
    .set({ status: to, responded_at: at, declined_automatically: automatic })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Declines every pending offer of `table` whose deadline has passed; answers what changed. */
export async function declineDueOffers<T extends OfferTable>(trx: Transaction<Database>, table: T, now: Date): Promise<OfferRow<T>[]> {
  return (await trx
    .updateTable(eitherTable(table))
    .set({ status: 'DECLINED', declined_automatically: true, responded_at: now })
    .where('status', '=', 'PENDING')
    .where('expires_at', '<=', now)
    .returningAll()
    .execute()) as OfferRow<T>[];
}
