import type { Insertable, Transaction } from 'kysely';
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
