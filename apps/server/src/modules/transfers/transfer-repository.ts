import type { Insertable, Transaction } from 'kysely';
import type { InvitationStatus } from '@studio/contract/enums';
import type { ChannelTransfer } from '@studio/contract/member';
import type { Database, Db } from '../../db/schema';
import { transferDeadline } from '../invites/invitation-state';

type Executor = Db | Transaction<Database>;

/** Creates a pending ownership transfer with its 7-day deadline. */
export async function insertTransfer(db: Executor, values: { channelId: number; fromUserId: number; toUserId: number; at: Date }): Promise<number> {
  const row = await db
    .insertInto('channel_transfers')
    .values({
      channel_id: values.channelId,
      from_user_id: values.fromUserId,
      to_user_id: values.toUserId,
      created_at: values.at,
      expires_at: transferDeadline(values.at),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findTransfer(db: Executor, id: number) {
  return db.selectFrom('channel_transfers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The transfer, locked until the transaction ends, so parallel answers settle one way. */
export async function lockTransfer(trx: Transaction<Database>, transferId: number) {
  return trx.selectFrom('channel_transfers').selectAll().where('id', '=', transferId).forUpdate().executeTakeFirst();
}

/** Moves a pending transfer to `to`; false when it was no longer pending. */
export async function settleTransfer(
  trx: Transaction<Database>,
  transferId: number,
  to: Exclude<InvitationStatus, 'PENDING'>,
  at: Date,
  automatic = false,
): Promise<boolean> {
  const row = await trx
    .updateTable('channel_transfers')
    .set({ status: to, responded_at: at, declined_automatically: automatic })
    .where('id', '=', transferId)
    .where('status', '=', 'PENDING')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Declines every pending transfer whose deadline has passed; answers what changed. */
export async function declineDueTransfers(trx: Transaction<Database>, now: Date) {
  return trx
    .updateTable('channel_transfers')
    .set({ status: 'DECLINED', declined_automatically: true, responded_at: now })
    .where('status', '=', 'PENDING')
    .where('expires_at', '<=', now)
    .returning(['id', 'channel_id', 'to_user_id', 'from_user_id'])
    .execute();
}

export function transferRepository(db: Db) {
  return {
    /** A channel's pending transfer (at most one), as a list. */
    async pendingForChannel(channelId: number): Promise<ChannelTransfer[]> {
      const rows = await db
        .selectFrom('channel_transfers')
        .innerJoin('users', 'users.id', 'channel_transfers.to_user_id')
        .select(['channel_transfers.id', 'users.login', 'users.name', 'channel_transfers.created_at', 'channel_transfers.expires_at'])
        .where('channel_transfers.channel_id', '=', channelId)
        .where('channel_transfers.status', '=', 'PENDING')
        .orderBy('channel_transfers.id', 'desc')
        .execute();
      return rows.map(({ created_at, expires_at, ...row }) => ({ ...row, createdAt: created_at.toISOString(), expiresAt: expires_at.toISOString() }));
    },
  };
}

/**
 * A transfer row exactly as given, deadline and status included: for the seeds
 * and tests that need a transfer already expired or settled. Studio code uses insertTransfer.
 */
export async function insertTransferRow(db: Executor, values: Insertable<Database['channel_transfers']>): Promise<number> {
  const row = await db.insertInto('channel_transfers').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
